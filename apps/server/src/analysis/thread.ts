import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentText } from './documents.js';
import type { HumanResult } from './human.js';
import { MODEL_IDLE_MS, ModelRunError, ModelUnavailable } from './models.js';
import type { ModelName } from './models.js';
import type { TextLine } from './ocr.js';

export type AnalysisRequest =
  | { kind: 'ocr'; image: Uint8Array }
  | { kind: 'human'; rgb: Uint8Array; width: number; height: number; want: { objects: boolean; faces: boolean } }
  | { kind: 'load'; model: ModelName }
  /** A document's text; `ocrDown` when OCR is known to be unavailable, `budgetMs` to start no page past. */
  | { kind: 'document'; path: string; ext: string; budgetMs: number; ocrDown?: string };

export type AnalysisAnswer =
  | { kind: 'ocr'; lines: TextLine[] }
  | { kind: 'human'; result: HumanResult }
  | { kind: 'loaded'; rss: number }
  /** `ocrDown`: the OCR model failed to load while reading the document's scanned pages. */
  | { kind: 'document'; result: DocumentText; ocrDown?: string };

type Reply = { id: number } & (
  { ok: true; answer: AnalysisAnswer } | { ok: false; message: string; unavailable?: ModelName }
);

const require = createRequire(import.meta.url);
/** The compiled server loads the thread's JavaScript as it is; from TypeScript it registers tsx first. */
const compiled = import.meta.url.endsWith('.js');
const workerUrl = new URL(compiled ? './thread.worker.js' : './thread.worker.ts', import.meta.url).href;
const bootstrap = compiled
  ? `import(${JSON.stringify(workerUrl)})`
  : `import(${JSON.stringify(pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href)}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl)}); })`;

interface Pending {
  resolve: (a: AnalysisAnswer) => void;
  reject: (e: Error) => void;
  timer: NodeJS.Timeout;
}

/** A retired thread that has not ended after this long is left to itself, and a new one starts. */
const RETIRE_WAIT_MS = 10 * 60_000;

/**
 * The worker's one analysis thread (issue 42 §6): started on the first request, ended after
 * MODEL_IDLE_MS without one (every model's memory goes with it), and retired on a timeout. Requests
 * run one at a time, which bounds the CPU the analyses take.
 *
 * A thread is never terminated from outside while a model runs: ONNX Runtime's inference finishes
 * on its own threads, and its answer reaching a torn-down thread throws in native code, which ends
 * the whole process. A retired thread is asked to quit; it finishes the run it is in, skips the
 * rest and exits, and the next request waits for that before a fresh thread starts.
 */
class AnalysisThread {
  private worker: Worker | undefined;
  private exited = new WeakMap<Worker, Promise<void>>();
  /** The retired thread's exit, while it is still finishing its run. */
  private retiring: Promise<void> | undefined;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;
  /** Models that failed to load, with the reason: reported once, then refused at once. */
  readonly unavailable = new Map<ModelName, string>();

  run(req: AnalysisRequest, timeoutMs: number, transfer: ArrayBuffer[] = []): Promise<AnalysisAnswer> {
    // A document's text layer needs no model: its request goes on when OCR is down (and says so).
    const model: ModelName | undefined =
      req.kind === 'load' ? req.model : req.kind === 'ocr' ? 'ocr' : req.kind === 'human' ? 'human' : undefined;
    const down = model && this.unavailable.get(model);
    if (model && down !== undefined) return Promise.reject(new ModelUnavailable(model, down));
    clearTimeout(this.idle);
    return new Promise((resolve, reject) => {
      const send = () => {
        const worker = this.start();
        const id = this.nextId++;
        // Queued requests wait for those before them, so each gets its own budget after theirs.
        const timer = setTimeout(
          () => this.fail(new ModelRunError(`${req.kind} took over ${timeoutMs} ms`, true)),
          timeoutMs * (this.pending.size + 1),
        );
        this.pending.set(id, { resolve, reject, timer });
        worker.postMessage({ id, req }, transfer);
      };
      if (this.retiring) void this.retiring.then(send);
      else send();
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(bootstrap, { eval: true, name: 'analysis' });
    this.exited.set(worker, new Promise((resolve) => worker.once('exit', () => resolve())));
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      clearTimeout(p.timer);
      if (m.ok) p.resolve(m.answer);
      else if (m.unavailable) {
        this.markUnavailable(m.unavailable, m.message);
        p.reject(new ModelUnavailable(m.unavailable, m.message));
      } else p.reject(new ModelRunError(m.message));
      if (this.pending.size === 0) this.idle = setTimeout(() => void this.stop(), MODEL_IDLE_MS).unref();
    });
    // A retired thread reports its own end later: that must not fail the current thread's requests.
    worker.on('error', (err) => this.worker === worker && this.fail(new ModelRunError(err.message)));
    worker.on(
      'exit',
      (code) => this.worker === worker && this.fail(new ModelRunError(`analysis thread exited with code ${code}`)),
    );
    // An idle thread must not keep a finished process (a script, a test run) alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  markUnavailable(model: ModelName, reason: string) {
    if (!this.unavailable.has(model)) console.warn(`analysis: ${model} model unavailable: ${reason}`);
    this.unavailable.set(model, reason);
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

  /** Retires the thread (see the class) and resolves once it has ended, or been left to itself. */
  stop(): Promise<void> {
    clearTimeout(this.idle);
    const w = this.worker;
    this.worker = undefined;
    if (!w) return this.retiring ?? Promise.resolve();
    w.postMessage({ quit: true });
    // Ref'd, unlike the thread: requests waiting for the retired thread keep the process alive.
    let waited: NodeJS.Timeout | undefined;
    const left = new Promise<void>((resolve) => {
      waited = setTimeout(() => {
        console.warn(`analysis: a retired thread still runs after ${RETIRE_WAIT_MS} ms; a new one starts beside it`);
        resolve();
      }, RETIRE_WAIT_MS);
    });
    const retiring = Promise.race([this.exited.get(w)!, left]).then(() => {
      clearTimeout(waited);
      if (this.retiring === retiring) this.retiring = undefined;
    });
    this.retiring = retiring;
    return retiring;
  }

  running = () => this.worker !== undefined;
}

const thread = new AnalysisThread();

/** Text lines of an encoded image (JPEG, PNG, WebP), by OCR. Throws ModelUnavailable or ModelRunError. */
export async function readText(image: Buffer, timeoutMs = 30_000): Promise<TextLine[]> {
  const a = await thread.run({ kind: 'ocr', image: new Uint8Array(image) }, timeoutMs);
  return (a as Extract<AnalysisAnswer, { kind: 'ocr' }>).lines;
}

/**
 * Objects and/or faces in raw RGB pixels (`width` × `height` × 3); about 1,000 px on the long side
 * is plenty for both. Throws ModelUnavailable or ModelRunError.
 */
export async function detectHuman(
  rgb: Buffer,
  width: number,
  height: number,
  want: { objects: boolean; faces: boolean },
  timeoutMs = 30_000,
): Promise<HumanResult> {
  const a = await thread.run({ kind: 'human', rgb: new Uint8Array(rgb), width, height, want }, timeoutMs);
  return (a as Extract<AnalysisAnswer, { kind: 'human' }>).result;
}

/** Loads a model without a run; answers the thread's RSS (the process's, threads share it). */
export async function loadModel(model: ModelName, timeoutMs = 60_000): Promise<number> {
  return ((await thread.run({ kind: 'load', model }, timeoutMs)) as Extract<AnalysisAnswer, { kind: 'loaded' }>).rss;
}

/**
 * The text of a PDF or Office file (documents.ts's `documentText` is the entry point). Parsing and
 * the OCR of scanned pages run in the thread; no page is started after 80 % of `timeoutMs`, and past
 * `timeoutMs` the request fails (ModelRunError) and the thread retires. Bad files answer `failed`/`skipped`, never throw.
 */
export async function readDocument(path: string, ext: string, timeoutMs: number): Promise<DocumentText> {
  const ocrDown = thread.unavailable.get('ocr');
  const a = (await thread.run(
    { kind: 'document', path, ext, budgetMs: Math.round(timeoutMs * 0.8), ocrDown },
    timeoutMs,
  )) as Extract<AnalysisAnswer, { kind: 'document' }>;
  if (a.ocrDown !== undefined) thread.markUnavailable('ocr', a.ocrDown);
  return a.result;
}

/** Retires the thread (it ends once the run in progress has); the next request starts a new one. */
export const releaseModels = () => thread.stop();
export const modelsRunning = () => thread.running();
/** Why a model could not load, if it could not (reported once per process). */
export const modelUnavailable = (model: ModelName) => thread.unavailable.get(model);
