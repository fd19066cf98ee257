/**
 * Face descriptors (issue 42 §3): 1,024 Float32 values from Human's FaceRes, stored as base64
 * text (5.5 kB a face) and compared with Human's own normalised euclidean similarity
 * (`match.similarity`: order 2, multiplier 25, range 0.2–0.8).
 *
 * Measured on Human's sample pictures: the same face scaled to 70 %, mirrored or saved at JPEG
 * quality 30 scores 0.87–1.00; five different people in one photo score 0.13–0.57. Faces under
 * MIN_FACE_PX on the preview give weak descriptors (tiny faces score 0.5–0.9 against everyone),
 * so they are not kept.
 */
export const FACE_MATCH = 0.7;
export const MIN_FACE_PX = 64;
export const MIN_FACE_SCORE = 0.6;

export function encodeDescriptor(values: number[]): string {
  return Buffer.from(new Float32Array(values).buffer).toString('base64');
}

export function decodeDescriptor(text: string): Float32Array {
  const buf = Buffer.from(text, 'base64');
  return new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength));
}

/** Human's similarity, 0 (unlike) to 1 (the same descriptor). */
export function similarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  const dist = Math.round(100 * 25 * sum) / 100;
  if (dist === 0) return 1;
  const norm = (1 - Math.sqrt(dist) / 100 - 0.2) / 0.6;
  return Math.round(100 * Math.max(Math.min(norm, 1), 0)) / 100;
}

/**
 * The person whose face is nearest to `d` at FACE_MATCH or above, or null; people in `taken`
 * (already given a face of the same picture: nobody appears twice in one) are passed over.
 */
export function nearestPerson(
  d: ArrayLike<number>,
  known: { person_id: number; descriptor: Float32Array }[],
  taken: ReadonlySet<number> = new Set(),
): number | null {
  let best: { person: number; s: number } | null = null;
  for (const k of known) {
    if (taken.has(k.person_id)) continue;
    const s = similarity(d, k.descriptor);
    if (s >= FACE_MATCH && (!best || s > best.s)) best = { person: k.person_id, s };
  }
  return best?.person ?? null;
}

export type FaceBox = [number, number, number, number];
/** A box [x, y, w, h] in pixels of a `width` × `height` image, stored as shares of it (any size of the image crops it). */
export const boxText = (b: FaceBox, width: number, height: number) =>
  [b[0] / width, b[1] / height, b[2] / width, b[3] / height]
    .map((v) => Math.min(1, Math.max(0, v)).toFixed(4))
    .join(',');
export const boxOf = (text: string) => text.split(',').map(Number) as FaceBox;
