import { create } from 'zustand';

export interface ConfirmRequest {
  title: string;
  message: string;
  /** Lines shown under the message, as text (a licence's terms, say). */
  details?: string[];
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
}

interface ConfirmState {
  request: (ConfirmRequest & { resolve: (ok: boolean) => void }) | null;
}

export const useConfirmStore = create<ConfirmState>(() => ({ request: null }));

/** Opens the one confirmation dialog of the shell and resolves with the user's answer. */
export function confirm(request: ConfirmRequest): Promise<boolean> {
  const previous = useConfirmStore.getState().request;
  previous?.resolve(false);
  return new Promise((resolve) => {
    useConfirmStore.setState({ request: { ...request, resolve } });
  });
}

export function answerConfirm(ok: boolean) {
  const current = useConfirmStore.getState().request;
  if (!current) return;
  useConfirmStore.setState({ request: null });
  current.resolve(ok);
}
