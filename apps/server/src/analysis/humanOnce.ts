import sharp from 'sharp';
import type { HumanResult } from './human.js';
import { detectHuman } from './thread.js';

/** The long side objects and faces are looked for on: CenterNet finds as much here as on 12 MP. */
export const HUMAN_LONG_SIDE = 1000;

export interface HumanRun {
  result: HumanResult;
  /** The size of the pixels the model read (boxes are in these). */
  width: number;
  height: number;
}

/** The image could not be decoded (the model never ran). */
export class PixelsUnreadable extends Error {}

/**
 * One run answers both the objects and the faces job of a revision (0.35 s of CPU against 0.52 s
 * for two runs): the first job keeps the other's half here for a while, the second takes it.
 */
const kept = new Map<string, { run: HumanRun; until: number }>();
const KEEP_MS = 10 * 60_000;
const KEEP_MAX = 64;

function keep(key: string, run: HumanRun) {
  const now = Date.now();
  for (const [k, v] of kept) if (v.until < now || kept.size >= KEEP_MAX) kept.delete(k);
  kept.set(key, { run, until: now + KEEP_MS });
}

/** Upright RGB pixels of an image file, at most HUMAN_LONG_SIDE on the long side. */
export async function humanPixels(path: string, limitInputPixels: number) {
  const { data, info } = await sharp(path, { limitInputPixels, failOn: 'error' })
    .rotate()
    .removeAlpha()
    .resize(HUMAN_LONG_SIDE, HUMAN_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Objects and/or faces of one revision (`key`: asset and revision). With `both`, the run finds both
 * and keeps the half this caller did not ask for, for the other job; a kept run is used once.
 * Throws PixelsUnreadable for a file sharp cannot decode, the thread's errors for the model.
 */
export async function humanOnce(
  key: string,
  want: 'objects' | 'faces',
  both: boolean,
  read: () => Promise<{ data: Buffer; width: number; height: number }>,
  timeoutMs = 30_000,
): Promise<HumanRun> {
  const hit = kept.get(key);
  if (hit && hit.until >= Date.now()) {
    kept.delete(key);
    return hit.run;
  }
  const pixels = await read().catch((err: Error) => {
    throw new PixelsUnreadable(err.message);
  });
  const result = await detectHuman(
    pixels.data,
    pixels.width,
    pixels.height,
    { objects: both || want === 'objects', faces: both || want === 'faces' },
    timeoutMs,
  );
  const run = { result, width: pixels.width, height: pixels.height };
  if (both) keep(key, run);
  return run;
}

/** Forgets kept runs (tests). */
export const forgetHumanRuns = () => kept.clear();
