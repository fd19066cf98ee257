/**
 * Models loaded once per worker process and released when idle (issue 42 §6). A model package
 * that is missing or fails to load is reported once (the `unavailable` reason) and every later
 * call answers the same reason at once, so its analysis is skipped and the rest goes on.
 */
export class ModelUnavailable extends Error {
  constructor(
    readonly model: string,
    readonly reason: string,
  ) {
    super(`${model} is unavailable: ${reason}`);
  }
}

/** Released after this long without a call, so an idle worker gives its memory back. */
export const MODEL_IDLE_MS = 10 * 60_000;

export interface LazyModel<T> {
  /** The loaded model; loads it on first use. Throws ModelUnavailable when it cannot load. */
  get(): Promise<T>;
  /** Whether it is in memory now (tests, the bench). */
  loaded(): boolean;
  release(): Promise<void>;
}

export function lazyModel<T>(
  name: string,
  load: () => Promise<T>,
  dispose: (m: T) => Promise<void> | void = () => {},
  onFailure: (e: ModelUnavailable) => void = (e) => console.warn(e.message),
): LazyModel<T> {
  let pending: Promise<T> | null = null;
  let failed: ModelUnavailable | null = null;
  let timer: NodeJS.Timeout | null = null;
  const touch = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void release(), MODEL_IDLE_MS);
    timer.unref();
  };
  async function release() {
    if (timer) clearTimeout(timer);
    timer = null;
    const p = pending;
    pending = null;
    if (p) await dispose(await p.catch(() => null as T));
  }
  return {
    async get() {
      if (failed) throw failed;
      touch();
      pending ??= load().catch((e: unknown) => {
        failed = new ModelUnavailable(name, e instanceof Error ? e.message : String(e));
        pending = null;
        onFailure(failed);
        throw failed;
      });
      return pending;
    },
    loaded: () => pending !== null,
    release,
  };
}
