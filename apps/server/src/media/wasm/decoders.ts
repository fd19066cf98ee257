import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * HEIC and PDF without Debian's libheif-examples and poppler-utils: libheif compiled to
 * WebAssembly and pdf.js on @napi-rs/canvas, both from the npm registry. The system tools stay
 * the faster path when present; these run in a worker thread per file, terminated on a timeout.
 */
export type DecodeRequest =
  | { kind: 'heif'; path: string; limitPixels: number }
  | { kind: 'pdf-page'; path: string; size: number }
  | { kind: 'pdf-info'; path: string };

export type DecodeAnswer =
  | { kind: 'pixels'; width: number; height: number; data: ArrayBuffer }
  | { kind: 'png'; data: ArrayBuffer }
  | {
      kind: 'pdfinfo';
      width: number;
      height: number;
      pages: number;
      title?: string | undefined;
      author?: string | undefined;
      subject?: string | undefined;
      keywords?: string | undefined;
      creationDate?: string | undefined;
    };

/** Memory a decode may use: a 268-MP HEIC decodes to about 1 GB of RGBA. */
const MAX_HEAP_MB = 512;

const require = createRequire(import.meta.url);
/** The compiled server (apps/server/dist) loads the worker's JavaScript as it is. */
const compiled = import.meta.url.endsWith('.js');
const workerUrl = new URL(compiled ? './decoders.worker.js' : './decoders.worker.ts', import.meta.url).href;
// Run from TypeScript (tsx, vitest), the thread registers tsx to load the worker, then unregisters,
// so pdf.js (2 MB of plain JavaScript) is not transformed again on each start (3–4 s with tsx,
// 0.5 s without, measured on two busy cores).
const bootstrap = compiled
  ? `import(${JSON.stringify(workerUrl)})`
  : `import(${JSON.stringify(pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href)}).then(async (m) => { const off = m.register(); await import(${JSON.stringify(workerUrl)}); await off(); })`;

export class DecodeError extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'DecodeError';
  }
}

interface Pending {
  resolve: (a: DecodeAnswer) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** Idle this long, the thread ends (its decoders hold a few hundred MB once loaded). */
const IDLE_MS = 30_000;

/**
 * One thread, kept while files keep coming: loading pdf.js and libheif costs about a second,
 * paid once per batch rather than per file. Requests run in the thread one after another; a
 * timeout ends the thread and fails what it held, and the next request starts a fresh one.
 */
class DecoderThread {
  private worker: Worker | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  run(req: DecodeRequest, timeoutMs: number): Promise<DecodeAnswer> {
    const worker = this.start();
    clearTimeout(this.idle);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // The clock starts when the thread reaches the request, roughly: queued requests get the time of those before them.
      const budget = timeoutMs * (this.pending.size + 1);
      const timer = setTimeout(
        () => this.fail(new DecodeError(`Timeout: ${req.kind} took over ${timeoutMs} ms`, true)),
        budget,
      );
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, req });
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(bootstrap, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB },
    });
    worker.unref();
    worker.on(
      'message',
      (m: { id: number } & ({ ok: true; answer: DecodeAnswer } | { ok: false; message: string })) => {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.ok) p.resolve(m.answer);
        else p.reject(new DecodeError(m.message));
        if (this.pending.size === 0) this.idle = setTimeout(() => void this.stop(), IDLE_MS).unref();
      },
    );
    worker.on('error', (err) => this.fail(new DecodeError(err.message)));
    worker.on('exit', (code) => this.fail(new DecodeError(`decoder exited with code ${code}`)));
    // An idle thread must not keep a finished process (a script, a test run) alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private fail(err: Error) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    void this.stop();
  }

  async stop() {
    clearTimeout(this.idle);
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}

const thread = new DecoderThread();

export function decodeInWorker<K extends DecodeRequest['kind']>(
  req: Extract<DecodeRequest, { kind: K }>,
  timeoutMs: number,
): Promise<Extract<DecodeAnswer, { kind: AnswerKind<K> }>> {
  return thread.run(req, timeoutMs) as Promise<Extract<DecodeAnswer, { kind: AnswerKind<K> }>>;
}

/** Ends the decoder thread now (tests, shutdown). */
export const stopDecoders = () => thread.stop();

type AnswerKind<K> = K extends 'heif' ? 'pixels' : K extends 'pdf-page' ? 'png' : 'pdfinfo';
