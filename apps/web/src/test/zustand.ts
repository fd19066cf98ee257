// `zustand` as the app's stores see it in tests (vite.config.ts points the import here): each
// store the app makes is remembered with its first state, and `resetStores` puts them all back
// after a test file, as a fresh import of the store would have them (test files share modules).
import { create as createReal } from 'zustand/react';
import type { StateCreator } from 'zustand/vanilla';

export * from 'zustand/vanilla';
export * from 'zustand/react';

const resets = new Set<() => void>();

export function resetStores() {
  for (const reset of resets) reset();
}

function remembered<T>(creator: StateCreator<T, [], []>) {
  const store = createReal(creator);
  const first = store.getInitialState();
  resets.add(() => store.setState(first, true));
  return store;
}

export const create = (<T>(creator?: StateCreator<T, [], []>) =>
  creator ? remembered(creator) : remembered) as typeof createReal;
