import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readDocumentHere } from './documentRead.js';
import { loadHuman, runHuman } from './human.js';
import type { HumanLike } from './human.js';
import { loadOcr, ocrLines } from './ocr.js';
import type { OcrModel } from './ocr.js';
import type { ModelName } from './models.js';
import { OcrUnavailable } from './pdfText.js';
import type { AnalysisAnswer, AnalysisRequest } from './thread.js';

/**
 * Runs in the analysis thread: the models are loaded here, once, on first use, so neither their
 * memory nor TensorFlow.js's synchronous WASM runs touch the event loop that serves requests.
 * Requests arrive one after another; the host asks the thread to quit when idle or on a timeout.
 */
/**
 * Analyses are background work: this thread, and the threads it starts (onnxruntime's, the WASM
 * backend's), run at the lowest CPU priority, so uploads and page loads keep their speed beside a
 * backfill (ANALYSIS_NICE, validated by the config; 0 keeps the process's). Linux names a thread's own id in /proc/thread-self; elsewhere the priority stays.
 */
function yieldToRequests() {
  const nice = Number(process.env.ANALYSIS_NICE ?? 19);
  if (!Number.isInteger(nice) || nice <= 0) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, Math.min(nice, 19));
  } catch {
    // Not Linux, or not allowed: the analyses run at the process's priority.
  }
}
yieldToRequests();

const loaded: { ocr?: Promise<OcrModel>; human?: Promise<HumanLike> } = {};

class LoadFailed extends Error {
  constructor(
    readonly model: ModelName,
    message: string,
  ) {
    super(message);
  }
}

function model<K extends ModelName>(name: K, load: () => Promise<K extends 'ocr' ? OcrModel : HumanLike>) {
  const p = (loaded[name] ??= load() as never) as Promise<K extends 'ocr' ? OcrModel : HumanLike>;
  return p.catch((e: unknown) => {
    throw new LoadFailed(name, e instanceof Error ? e.message : String(e));
  });
}

async function answer(req: AnalysisRequest): Promise<AnalysisAnswer> {
  if (req.kind === 'ocr') {
    const ocr = await model('ocr', loadOcr);
    return { kind: 'ocr', lines: await ocrLines(ocr, Buffer.from(req.image)) };
  }
  if (req.kind === 'human') {
    const human = await model('human', loadHuman);
    return { kind: 'human', result: await runHuman(human, req.rgb, req.width, req.height, req.want) };
  }
  if (req.kind === 'document') {
    let ocrDown: string | undefined;
    const result = await readDocumentHere(req.path, req.ext, {
      deadline: Date.now() + req.budgetMs,
      ocrDown: req.ocrDown,
      ocr: async (png) => {
        let ocr: OcrModel;
        try {
          ocr = await model('ocr', loadOcr);
        } catch (err) {
          ocrDown = (err as Error).message;
          throw new OcrUnavailable(ocrDown);
        }
        return ocrLines(ocr, png);
      },
    });
    return { kind: 'document', result, ocrDown };
  }
  // Loads a model without a run: the bench's memory figure, a warm start.
  if (req.model === 'ocr') await model('ocr', loadOcr);
  else await model('human', loadHuman);
  return { kind: 'loaded', rss: process.memoryUsage().rss };
}

// One request at a time, in arrival order: the host's timeouts count on it (a document's pages
// and a poster's OCR would otherwise interleave and share the CPU).
let queue = Promise.resolve();
/** Set by the host's quit (a timeout, idleness): the run in progress ends, the rest are skipped. */
let quitting = false;
type Message = { quit: true } | { quit?: undefined; id: number; req: AnalysisRequest };
parentPort!.on('message', (m: Message) => {
  if (m.quit) {
    quitting = true;
    // Exits between runs, where no native inference is in flight (see thread.ts).
    queue = queue.then(() => process.exit(0));
    return;
  }
  queue = queue.then(() =>
    quitting
      ? undefined
      : answer(m.req).then(
          (a) => parentPort!.postMessage({ id: m.id, ok: true, answer: a }),
          (e: unknown) =>
            parentPort!.postMessage({
              id: m.id,
              ok: false,
              message: e instanceof Error ? e.message : String(e),
              unavailable: e instanceof LoadFailed ? e.model : undefined,
            }),
        ),
  );
});
