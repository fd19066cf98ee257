import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What one run of the model found in an image (pixels of the image given). */
export interface HumanResult {
  objects: { label: string; score: number; box: [number, number, number, number] }[];
  faces: { score: number; box: [number, number, number, number]; embedding: number[] }[];
}

/** The parts of `@vladmandic/human` used here (its types need DOM ones the server does not load). */
export interface HumanLike {
  load(): Promise<void>;
  detect(
    input: unknown,
    config?: object,
  ): Promise<{
    object: { label: string; score: number; box: [number, number, number, number] }[];
    face: { score: number; box: [number, number, number, number]; embedding?: number[] }[];
  }>;
  tf: {
    tensor4d(data: Int32Array, shape: [number, number, number, number], dtype: 'int32'): { dispose(): void };
    setBackend?: unknown;
  };
}

const require = createRequire(import.meta.url);

/**
 * `@vladmandic/human` reads its model files with `fetch`, which Node's undici refuses for
 * `file:` URLs; the worker answers those from disk and leaves every other address to fetch.
 */
function fetchFilesFromDisk() {
  const original = globalThis.fetch;
  if ((original as { fromDisk?: boolean }).fromDisk) return;
  const patched = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file:')) return original(input, init);
    const body = await readFile(fileURLToPath(url));
    const type = url.endsWith('.json') ? 'application/json' : 'application/octet-stream';
    return new Response(body, { status: 200, headers: { 'content-type': type } });
  }) as typeof fetch & { fromDisk?: boolean };
  patched.fromDisk = true;
  globalThis.fetch = patched;
}

/**
 * CenterNet (objects, the 80 COCO classes), BlazeFace and FaceRes (faces and their 1,024-value
 * descriptors), shipped inside `@vladmandic/human`, on TensorFlow.js's WASM backend (its SIMD
 * build ships in `@tensorflow/tfjs-backend-wasm`; `tfjs-node` would download a binary).
 */
export async function loadHuman(): Promise<HumanLike> {
  fetchFilesFromDisk();
  // The package's `exports` names its WASM build without "./", so it is found by path.
  const humanDir = join(dirname(require.resolve('@vladmandic/human')), '..');
  const wasmDir = dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  const { Human } = require(join(humanDir, 'dist/human.node-wasm.js')) as {
    Human: new (config: object) => HumanLike;
  };
  const human = new Human({
    backend: 'wasm',
    wasmPath: pathToFileURL(wasmDir).href + '/',
    modelBasePath: pathToFileURL(join(humanDir, 'models')).href + '/',
    debug: false,
    cacheSensitivity: 0,
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: 20, minConfidence: 0.5, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      description: { enabled: true },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      attention: { enabled: false },
      gear: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    object: { enabled: true, minConfidence: 0.2, maxDetected: 20 },
  });
  await human.load();
  return human;
}

/**
 * Runs the model on raw RGB pixels (`width` × `height` × 3). `faces` / `objects` false skips
 * that part. The caller sizes the image: about 1,000 px on the long side is plenty for both.
 */
export async function runHuman(
  human: HumanLike,
  rgb: Uint8Array,
  width: number,
  height: number,
  want: { objects: boolean; faces: boolean },
): Promise<HumanResult> {
  const tensor = human.tf.tensor4d(new Int32Array(rgb), [1, height, width, 3], 'int32');
  try {
    const r = await human.detect(tensor, { object: { enabled: want.objects }, face: { enabled: want.faces } });
    return {
      objects: want.objects ? r.object.map((o) => ({ label: o.label, score: o.score, box: o.box })) : [],
      faces: want.faces
        ? r.face
            .filter((f) => f.embedding && f.embedding.length > 0)
            .map((f) => ({ score: f.score, box: f.box, embedding: Array.from(f.embedding!) }))
        : [],
    };
  } finally {
    tensor.dispose();
  }
}
