import { create } from 'zustand';
import type { ShortableKind } from '@brandvault/contract';
import { useSession } from '../../state/session';
import { shortcutTo } from './api';

/** What the shortcut dialog acts on; `name` is the existing shortcut's, which means edit mode. */
export interface ShortcutTarget {
  kind: ShortableKind;
  id: number;
  /** The asset's or folder's own name, offered as a hint. */
  label: string;
  name?: string;
}

interface DialogState {
  target: ShortcutTarget | null;
  close: () => void;
}

/** One dialog for the whole shell: every asset and folder menu opens it. */
export const useShortcutDialog = create<DialogState>()((set) => ({
  target: null,
  close: () => set({ target: null }),
}));

/** Opens the dialog for a target: edit mode when the user already has a shortcut to it (spec §4). */
export function openShortcutDialog(kind: ShortableKind, id: number, label: string) {
  const existing = shortcutTo(useSession.getState().sessionUser?.shortcuts ?? [], kind, id);
  useShortcutDialog.setState({ target: { kind, id, label, ...(existing ? { name: existing.name } : {}) } });
}
