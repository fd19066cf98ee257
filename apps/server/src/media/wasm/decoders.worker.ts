import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { createCanvas } from '@napi-rs/canvas';
import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DecodeRequest, DecodeAnswer } from './decoders.js';

/**
 * Runs in a worker thread: decoders compiled to WebAssembly (libheif) or written in JavaScript
 * (pdf.js on @napi-rs/canvas), used when the Debian tools are missing. A thread keeps their CPU
 * time off the event loop, and the host terminates it on a timeout, which a stuck decode in the
 * main thread could not get.
 */
const require = createRequire(import.meta.url);

interface HeifImage {
  get_width(): number;
  get_height(): number;
  display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (d: unknown) => void): void;
}
interface Libheif {
  HeifDecoder: new () => { decode(data: Buffer): HeifImage[] };
}

async function heif(path: string, limitPixels: number): Promise<DecodeAnswer> {
  const libheif = require('libheif-js/wasm-bundle') as Libheif;
  const images = new libheif.HeifDecoder().decode(await readFile(path));
  const image = images[0];
  if (!image) throw new Error('unreadable: no image in the HEIF file');
  const width = image.get_width();
  const height = image.get_height();
  if (width * height > limitPixels) throw new Error(`Input image exceeds pixel limit (${width}×${height})`);
  const data = new Uint8ClampedArray(width * height * 4);
  await new Promise<void>((resolve, reject) =>
    image.display({ data, width, height }, (d) =>
      d ? resolve() : reject(new Error('unreadable: HEIF decode failed')),
    ),
  );
  return { kind: 'pixels', width, height, data: data.buffer };
}

let pdfjs: Promise<typeof PdfJs> | undefined;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

async function openPdf(path: string) {
  const { getDocument } = await loadPdfJs();
  // Fonts a PDF names without embedding come from pdf.js's own standard set, never from the system.
  const fonts = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  return getDocument({
    data: new Uint8Array(await readFile(path)),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: pathToFileURL(fonts).href,
    verbosity: 0,
  }).promise;
}

async function pdfPage(path: string, size: number): Promise<DecodeAnswer> {
  const doc = await openPdf(path);
  try {
    const page = await doc.getPage(1);
    const unit = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: size / Math.max(unit.width, unit.height, 1) });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    // A page has no background of its own; paper is white.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({ canvasContext: context as never, viewport, canvas: canvas as never }).promise;
    const png = await canvas.encode('png');
    return { kind: 'png', data: png.buffer.slice(png.byteOffset, png.byteOffset + png.byteLength) as ArrayBuffer };
  } finally {
    await doc.destroy();
  }
}

async function pdfInfo(path: string): Promise<DecodeAnswer> {
  const doc = await openPdf(path);
  try {
    const page = await doc.getPage(1);
    const { width, height } = page.getViewport({ scale: 1 });
    const info = (await doc.getMetadata()).info as Record<string, unknown>;
    const field = (k: string) => (typeof info[k] === 'string' ? (info[k] as string) : undefined);
    return {
      kind: 'pdfinfo',
      width,
      height,
      pages: doc.numPages,
      title: field('Title'),
      author: field('Author'),
      subject: field('Subject'),
      keywords: field('Keywords'),
      creationDate: field('CreationDate'),
    };
  } finally {
    await doc.destroy();
  }
}

function answer(req: DecodeRequest): Promise<DecodeAnswer> {
  switch (req.kind) {
    case 'heif':
      return heif(req.path, req.limitPixels);
    case 'pdf-page':
      return pdfPage(req.path, req.size);
    case 'pdf-info':
      return pdfInfo(req.path);
  }
}

// One request at a time, in arrival order: each decode may use most of the thread's memory.
let queue = Promise.resolve();
parentPort?.on('message', ({ id, req }: { id: number; req: DecodeRequest }) => {
  queue = queue.then(() =>
    answer(req).then(
      (a) => parentPort?.postMessage({ id, ok: true, answer: a }, 'data' in a ? [a.data] : []),
      (err: unknown) =>
        parentPort?.postMessage({ id, ok: false, message: err instanceof Error ? err.message : String(err) }),
    ),
  );
});
