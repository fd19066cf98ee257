import sharp from 'sharp';

let configured = false;

/**
 * Process-wide sharp settings, applied once before the first image is touched.
 *
 * - concurrency 1: libvips threads per image. The worker runs one job per core (two on the
 *   reference machine) and libuv runs each sharp call on its own thread, so parallelism comes
 *   from images, not from splitting one image; more threads per image only add contention (the
 *   derivatives benchmark, 200 12-MP JPEGs two at a time: 37.3 s at 1 thread, 50.7 s at 2). It is also sharp's own
 *   default on glibc without jemalloc, where more threads fragment memory.
 * - cache off: libvips' operation cache helps a server that resizes the same source again and
 *   again; every derivative job reads a different file once, so the cache would only hold memory
 *   and open file handles (to files a job is about to delete).
 * - SIMD on (the default, stated for the reader): the resize and colour kernels use it.
 */
export function configureSharp(opts: { concurrency?: number } = {}): void {
  if (configured && opts.concurrency === undefined) return;
  configured = true;
  sharp.concurrency(opts.concurrency ?? 1);
  sharp.cache(false);
  sharp.simd(true);
}
