import { Readable } from 'node:stream';
import { FileAnswer } from './fileAnswer.js';

/**
 * The text of a server-sent event stream as it is produced: `push` queues a frame, `end` ends the
 * stream, and the reader (the HTTP answer) pulls. When the reader goes away (the client closed the
 * connection, the app closes), `onClose` runs at once, even while nothing is queued.
 */
export class EventStream implements AsyncIterableIterator<string> {
  private readonly queue: string[] = [];
  private waiting: ((r: IteratorResult<string>) => void) | null = null;
  private done = false;
  private readonly closers: (() => void)[] = [];

  push(frame: string) {
    if (this.done) return;
    if (this.waiting) {
      const w = this.waiting;
      this.waiting = null;
      w({ value: frame, done: false });
    } else this.queue.push(frame);
  }

  /** Ends the stream once what is queued has been read. */
  end() {
    if (this.done) return;
    this.done = true;
    if (this.waiting && !this.queue.length) this.finish();
    else if (!this.waiting) this.runClosers();
  }

  get closed() {
    return this.done;
  }

  onClose(fn: () => void) {
    if (this.done) fn();
    else this.closers.push(fn);
  }

  next(): Promise<IteratorResult<string>> {
    const frame = this.queue.shift();
    if (frame !== undefined) return Promise.resolve({ value: frame, done: false });
    if (this.done) {
      this.runClosers();
      return Promise.resolve({ value: undefined, done: true });
    }
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** The reader stopped: drop what is queued and close now. */
  return(): Promise<IteratorResult<string>> {
    this.done = true;
    this.queue.length = 0;
    this.finish();
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }

  private finish() {
    const w = this.waiting;
    this.waiting = null;
    w?.({ value: undefined, done: true });
    this.runClosers();
  }

  private runClosers() {
    for (const fn of this.closers.splice(0)) {
      try {
        fn();
      } catch {
        // a cleanup that failed must not keep the others from running
      }
    }
  }
}

/**
 * The answer of a `text/event-stream` route: unbuffered by proxies (x-accel-buffering), never
 * cached, sent as it is produced.
 */
export const eventStreamAnswer = (stream: EventStream) =>
  new FileAnswer(
    200,
    {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      // A stream ends when the app closes or its time is up: the connection ends with it, so a
      // closing server does not wait for a kept-alive socket (clients reconnect anyway).
      connection: 'close',
    },
    Readable.from(stream, { objectMode: false }),
  );
