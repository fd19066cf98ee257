import { request } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';

/** What `context.storageState()` answers and `browser.newContext({ storageState })` takes. */
export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface LoginAnswer {
  token: string;
  session_user: { lang: string; tour?: object };
  permissions: unknown[];
  emulator: unknown;
  favorites_id: number | null;
}

/** The onboarding tour as taken, the way journeys about something else meet their users. */
export const TOUR_TAKEN = { completed_at: '2026-01-01T00:00:00.000Z', dismissed_at: null };

/**
 * Signs `email` in through the API and answers the browser storage the login form leaves behind:
 * the persisted session (the zustand store of apps/web/src/state/session.ts, version 1) and the
 * user's language. `tour: false` stores the tour as taken, as the form's answer is rewritten then.
 */
export async function signedInState(
  baseURL: string,
  email: string,
  password: string,
  opts: { tour?: boolean } = {},
): Promise<{ state: StorageState; token: string }> {
  const api = await request.newContext({ baseURL });
  try {
    await api.get('/api/auth/csrf-cookie');
    const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!xsrf) throw new Error('the server set no XSRF-TOKEN cookie');
    const res = await api.post('/api/login', {
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf.value) },
      data: { email, password },
    });
    if (!res.ok()) throw new Error(`signing ${email} in answered ${res.status()}: ${await res.text()}`);
    const answer = (await res.json()) as LoginAnswer;
    const user = opts.tour ? answer.session_user : { ...answer.session_user, tour: TOUR_TAKEN };
    const persisted = {
      state: {
        isLoggedIn: true,
        token: answer.token,
        sessionUser: user,
        permissions: answer.permissions,
        selectedBrand: null,
        emulatorStatus: answer.emulator,
        selectedShortcut: null,
        favoritesId: answer.favorites_id,
      },
      version: 1,
    };
    const { cookies } = await api.storageState();
    const origin = new URL(baseURL).origin;
    const localStorage = [
      { name: 'brandvault-state', value: JSON.stringify(persisted) },
      { name: 'lang', value: answer.session_user.lang },
    ];
    return { state: { cookies, origins: [{ origin, localStorage }] }, token: answer.token };
  } finally {
    await api.dispose();
  }
}

/** The token each signed-in context started with, for API calls before its page has loaded the app. */
const tokens = new WeakMap<BrowserContext, string>();

export const rememberToken = (context: BrowserContext, token: string) => tokens.set(context, token);
export const startingToken = (context: BrowserContext) => tokens.get(context);
