import { create } from 'zustand';

/**
 * What the user cleared from the shell's jobs list (finished jobs stay listed by the server for a
 * few minutes). In memory: it outlives navigation, not a reload.
 */
interface JobsState {
  dismissed: number[];
  dismiss: (ids: number[]) => void;
  reset: () => void;
}

export const useJobsStore = create<JobsState>((set) => ({
  dismissed: [],
  dismiss: (ids) => set((s) => ({ dismissed: [...new Set([...s.dismissed, ...ids])].slice(-200) })),
  reset: () => set({ dismissed: [] }),
}));
