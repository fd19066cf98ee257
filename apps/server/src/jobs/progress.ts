import type { Progress } from './store.js';

/** Rows are written at most this often while a job reports progress (and at the end). */
export const PROGRESS_INTERVAL_MS = 500;

/**
 * Throttles a running job's progress reports into row writes: the first report and any with
 * `done === of` are written at once, others at most every `intervalMs`; a report held back is
 * written when the interval has passed (so the last item of a slow batch still shows). Writes
 * run one after another, so an older value never lands after a newer one.
 */
export class ProgressWriter {
  private latest: Progress | null = null;
  private written: Progress | null = null;
  private lastWriteAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly write: (p: Progress) => Promise<unknown>,
    private readonly onError: (err: unknown) => void,
    private readonly intervalMs = PROGRESS_INTERVAL_MS,
  ) {}

  report(done: number, of: number): Promise<void> {
    if (!Number.isFinite(done) || !Number.isFinite(of))
      throw new TypeError(`progress(${done}, ${of}): numbers expected`);
    const total = Math.max(0, Math.round(of));
    this.latest = { done: Math.min(total, Math.max(0, Math.round(done))), of: total };
    if (this.closed) return Promise.resolve();
    const since = Date.now() - this.lastWriteAt;
    if (this.latest.done === this.latest.of || since >= this.intervalMs) return this.flush();
    this.timer ??= setTimeout(() => void this.flush(), this.intervalMs - since);
    return Promise.resolve();
  }

  /** The latest value reported, when the row does not hold it yet (the end writes it). */
  get unwritten(): Progress | null {
    const p = this.latest;
    return p && (p.done !== this.written?.done || p.of !== this.written?.of) ? p : null;
  }

  /** Stops writing; resolves when the writes under way are over. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.chain;
  }

  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const p = this.latest;
    if (this.closed || !p) return this.chain;
    this.lastWriteAt = Date.now();
    this.chain = this.chain
      .then(() => this.write(p))
      .then(
        () => {
          this.written = p;
        },
        (err: unknown) => this.onError(err),
      );
    return this.chain;
  }
}
