import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { PersistStorage, StorageValue } from 'zustand/middleware';
import { STATE_STORAGE_KEY } from '@brandvault/contract';
import type { BrandSummary, LoginResponse, MeResponse, SessionUser, Shortcut, TourState } from '@brandvault/contract';

type Named = MeResponse['permissions'][number];
type EmulatorStatus = MeResponse['emulator'];

/** The shortcut last opened from the navbar (spec §3 session state). */
export type SelectedShortcut = Shortcut;

export interface SessionData {
  isLoading: boolean;
  isLoggedIn: boolean;
  token: string | null;
  sessionUser: SessionUser | null;
  permissions: Named[];
  selectedBrand: BrandSummary | null;
  emulatorStatus: EmulatorStatus;
  selectedShortcut: SelectedShortcut | null;
  /** The user's favourites collection (the navbar's My Favorites opens it); null until known. */
  favoritesId: number | null;
}

interface SessionActions {
  setLoading: (isLoading: boolean) => void;
  signIn: (answer: LoginResponse) => void;
  setMe: (answer: MeResponse) => void;
  selectBrand: (brand: BrandSummary | null) => void;
  selectShortcut: (shortcut: SelectedShortcut | null) => void;
  /** Replaces the session user's shortcuts after a create, rename or delete. */
  setShortcuts: (change: (list: Shortcut[]) => Shortcut[]) => void;
  /** Where the user stands with the onboarding tour, after it ends. */
  setTour: (tour: TourState) => void;
  reset: () => void;
}

export type SessionState = SessionData & SessionActions;
type Persisted = Omit<SessionData, 'isLoading'>;

const initial: SessionData = {
  isLoading: false,
  isLoggedIn: false,
  token: null,
  sessionUser: null,
  permissions: [],
  selectedBrand: null,
  emulatorStatus: { isEmulating: false, admin_id: null },
  selectedShortcut: null,
  favoritesId: null,
};

/**
 * Only a signed-in session is worth keeping: writing the anonymous state would leave the key
 * behind after a reset, and the guards promise that the key is gone then.
 */
const storage: PersistStorage<Persisted> = {
  getItem(name) {
    try {
      const raw = localStorage.getItem(name);
      return raw ? (JSON.parse(raw) as StorageValue<Persisted>) : null;
    } catch {
      return null;
    }
  },
  setItem(name, value) {
    if (value.state.isLoggedIn && value.state.token) localStorage.setItem(name, JSON.stringify(value));
    else localStorage.removeItem(name);
  },
  removeItem(name) {
    localStorage.removeItem(name);
  },
};

/** Keeps the selected brand only while the user still has it (brands can be unassigned). */
function keepBrand(selected: BrandSummary | null, user: SessionUser): BrandSummary | null {
  if (!selected) return null;
  return user.brands.find((b) => b.id === selected.id) ?? null;
}

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      ...initial,
      setLoading: (isLoading) => set({ isLoading }),
      signIn: (answer) =>
        set({
          isLoggedIn: true,
          token: answer.token,
          sessionUser: answer.session_user,
          permissions: answer.permissions,
          emulatorStatus: answer.emulator,
          favoritesId: answer.favorites_id,
          selectedBrand: null,
          selectedShortcut: null,
        }),
      setMe: (answer) =>
        set({
          sessionUser: answer.session_user,
          permissions: answer.permissions,
          emulatorStatus: answer.emulator,
          favoritesId: answer.favorites_id,
          selectedBrand: keepBrand(get().selectedBrand, answer.session_user),
        }),
      selectBrand: (brand) => set({ selectedBrand: brand }),
      selectShortcut: (shortcut) => set({ selectedShortcut: shortcut }),
      setShortcuts: (change) => {
        const user = get().sessionUser;
        if (user) set({ sessionUser: { ...user, shortcuts: change(user.shortcuts ?? []) } });
      },
      setTour: (tour) => {
        const user = get().sessionUser;
        if (user) set({ sessionUser: { ...user, tour } });
      },
      reset: () => {
        set({ ...initial });
        localStorage.removeItem(STATE_STORAGE_KEY);
      },
    }),
    {
      name: STATE_STORAGE_KEY,
      version: 1,
      storage,
      partialize: ({
        isLoading: _isLoading,
        setLoading: _a,
        signIn: _b,
        setMe: _c,
        selectBrand: _d,
        selectShortcut: _f,
        setShortcuts: _g,
        setTour: _h,
        reset: _e,
        ...rest
      }) => rest,
    },
  ),
);
