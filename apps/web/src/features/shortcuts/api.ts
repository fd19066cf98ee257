import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHORTABLE_TYPES, routes } from '@brandvault/contract';
import type { ShortableKind, Shortcut } from '@brandvault/contract';
import { call } from '../../api/client';
import { useSession } from '../../state/session';
import { sessionKeys } from '../auth/api';

export interface ShortcutCall {
  kind: ShortableKind;
  /** The asset's or folder's id. */
  id: number;
}

const createCall = ({ kind, id }: ShortcutCall, name: string) =>
  kind === 'asset'
    ? call(routes.assetShortcutCreate, { params: { id }, body: { name } })
    : call(routes.folderShortcutCreate, { params: { id }, body: { name } });

const updateCall = ({ kind, id }: ShortcutCall, name: string) =>
  kind === 'asset'
    ? call(routes.assetShortcutUpdate, { params: { id }, body: { name } })
    : call(routes.folderShortcutUpdate, { params: { id }, body: { name } });

const deleteCall = ({ kind, id }: ShortcutCall) =>
  kind === 'asset'
    ? call(routes.assetShortcutDelete, { params: { id } })
    : call(routes.folderShortcutDelete, { params: { id } });

/** The session user's shortcuts (an older saved session may not carry them yet). */
export function useShortcuts(): Shortcut[] {
  return useSession((s) => s.sessionUser?.shortcuts) ?? [];
}

/** The user's shortcut to this asset or folder, if any. */
export function shortcutTo(list: readonly Shortcut[], kind: ShortableKind, id: number): Shortcut | undefined {
  return list.find((s) => s.shortable_type === SHORTABLE_TYPES[kind] && s.shortable_id === id);
}

/** The session user carries the shortcuts: change them at once, then read them again. */
function useAfterChange() {
  const qc = useQueryClient();
  return (change: (list: Shortcut[]) => Shortcut[]) => {
    useSession.getState().setShortcuts(change);
    void qc.invalidateQueries({ queryKey: sessionKeys.me() });
  };
}

export function useCreateShortcut() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ target, name }: { target: ShortcutCall; name: string }) => createCall(target, name),
    onSuccess: ({ shortcut }) => after((list) => [...list.filter((s) => s.id !== shortcut.id), shortcut]),
  });
}

export function useUpdateShortcut() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ target, name }: { target: ShortcutCall; name: string }) => updateCall(target, name),
    onSuccess: ({ shortcut }) => after((list) => list.map((s) => (s.id === shortcut.id ? shortcut : s))),
  });
}

export function useDeleteShortcut() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (target: ShortcutCall) => deleteCall(target),
    onSuccess: (_answer, target) =>
      after((list) =>
        list.filter((s) => !(s.shortable_type === SHORTABLE_TYPES[target.kind] && s.shortable_id === target.id)),
      ),
  });
}
