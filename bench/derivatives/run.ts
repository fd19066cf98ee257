/**
 * Derivatives benchmark: thumbnail (400) + preview (2048) in WebP for N 12-megapixel JPEGs, made by
 * our makeDerivatives, by libvips' vipsthumbnail and by ImageMagick's convert, each with the same
 * number of images in flight (2, one per core) and the same encoder settings. Prints JSON; not a test.
 *
 *   npm run derivatives -w bench -- --count 20
 *   npm run derivatives -w bench -- --count 200 --variants
 *
 * --variants also times the alternatives to two of our choices: decoding the source twice (once per
 * size, the thumbnail with JPEG shrink-on-load) and two libvips threads per image.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { makeDerivatives } from '../../apps/server/src/media/derivatives.js';
import { configureSharp } from '../../apps/server/src/media/sharp-settings.js';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '2' },
    width: { type: 'string', default: '4000' },
    height: { type: 'string', default: '3000' },
    // Also time the alternatives behind our design choices (slower to run).
    variants: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const COUNT = Number(args.count);
const PARALLEL = Number(args.concurrency);
const W = Number(args.width);
const H = Number(args.height);
const ROUNDS = 4;

// The same encoder settings for every contender, so only the pipelines differ.
const THUMB = { size: 400, quality: 80 };
const PREVIEW = { size: 2048, quality: 82 };
const EFFORT = 2;
// The tools run with one thread per image (as ours does) and with their own default thread count;
// the faster of the two is the figure we compare against.
const ONE_THREAD_ENV = { ...process.env, VIPS_CONCURRENCY: '1', MAGICK_THREAD_LIMIT: '1', OMP_NUM_THREADS: '1' };
const DEFAULT_ENV = Object.fromEntries(
  Object.entries(process.env).filter(
    ([k]) => !['VIPS_CONCURRENCY', 'MAGICK_THREAD_LIMIT', 'OMP_NUM_THREADS'].includes(k),
  ),
);

function run(cmd: string, argv: string[], env: NodeJS.ProcessEnv = DEFAULT_ENV): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { env, maxBuffer: 1024 * 1024, timeout: 120_000 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${cmd}: ${stderr || err.message}`)) : resolve(stdout + stderr),
    );
  });
}

async function version(cmd: string, argv: string[]): Promise<string | undefined> {
  try {
    return (await run(cmd, argv)).split('\n')[0]?.trim();
  } catch {
    return undefined;
  }
}

/** Runs fn over items with at most `parallel` in flight; returns wall-clock milliseconds. */
async function timed<T>(items: T[], parallel: number, fn: (item: T, i: number) => Promise<unknown>): Promise<number> {
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
  return Math.round(performance.now() - start);
}

/**
 * A photo-like 12 MP JPEG: smooth colour regions, mid-scale texture and sensor grain, so the
 * encoders have real work (about 4 MB at quality 90, like a camera file) and no two files match.
 */
async function makePhoto(path: string, grain: Buffer): Promise<void> {
  const field = await sharp({
    create: {
      width: 16,
      height: 12,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .resize(W, H, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const texture = await sharp({
    create: {
      width: Math.round(W / 16),
      height: Math.round(H / 16),
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .resize(W, H, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const raw = { width: W, height: H, channels: 3 as const };
  await sharp(field, { raw })
    .composite([
      { input: texture, raw, blend: 'soft-light' },
      { input: grain, raw, blend: 'overlay' },
    ])
    .jpeg({ quality: 90 })
    .toFile(path);
}

async function dirBytes(dir: string): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir, { recursive: true })) {
    const st = await stat(join(dir, name));
    if (st.isFile()) total += st.size;
  }
  return total;
}

async function main() {
  configureSharp();
  const root = await mkdtemp(join(tmpdir(), 'bv-bench-derivatives-'));
  try {
    const srcDir = join(root, 'src');
    await mkdir(srcDir);
    const files = Array.from({ length: COUNT }, (_, i) => join(srcDir, `photo-${String(i).padStart(4, '0')}.jpg`));
    const grain = await sharp({
      create: {
        width: W,
        height: H,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 14 },
      },
    })
      .raw()
      .toBuffer();
    const generateMs = await timed(files, PARALLEL, (file) => makePhoto(file, grain));
    const inputBytes = await dirBytes(srcDir);

    const vipsVersion = await version('vipsthumbnail', ['--vips-version']);
    const magickVersion = await version('convert', ['-version']);

    const ours = async (file: string, i: number, outRoot: string, opts: { twoDecodes?: boolean } = {}) => {
      const out = join(outRoot, String(i));
      if (!opts.twoDecodes)
        return makeDerivatives(file, 'image', 'jpg', out, {
          effort: EFFORT,
          thumbnailQuality: THUMB.quality,
          previewQuality: PREVIEW.quality,
        });
      // The alternative to one decode: two pipelines from the file (the thumbnail with JPEG shrink-on-load).
      await mkdir(out, { recursive: true });
      const src = () => sharp(file, { failOn: 'error', autoOrient: true });
      await src()
        .resize(PREVIEW.size, PREVIEW.size, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: PREVIEW.quality, effort: EFFORT })
        .toFile(join(out, 'preview.webp'));
      await src()
        .resize(THUMB.size, THUMB.size, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: THUMB.quality, effort: EFFORT })
        .toFile(join(out, 'thumbnail.webp'));
    };
    const vips = async (file: string, i: number, outRoot: string, env: NodeJS.ProcessEnv) => {
      const out = join(outRoot, String(i));
      await mkdir(out, { recursive: true });
      // vipsthumbnail makes one size per run; each run shrinks on load as far as its size allows.
      await run(
        'vipsthumbnail',
        [
          file,
          '--size',
          String(PREVIEW.size),
          '-o',
          join(out, `preview.webp[Q=${PREVIEW.quality},effort=${EFFORT},strip]`),
        ],
        env,
      );
      await run(
        'vipsthumbnail',
        [
          file,
          '--size',
          String(THUMB.size),
          '-o',
          join(out, `thumbnail.webp[Q=${THUMB.quality},effort=${EFFORT},strip]`),
        ],
        env,
      );
    };
    const magick = async (file: string, i: number, outRoot: string, env: NodeJS.ProcessEnv) => {
      const out = join(outRoot, String(i));
      await mkdir(out, { recursive: true });
      // One decode for both sizes, like ours: -write saves the preview and the chain continues.
      await run(
        'convert',
        [
          file,
          '-auto-orient',
          '-strip',
          '-thumbnail',
          `${PREVIEW.size}x${PREVIEW.size}>`,
          '-quality',
          String(PREVIEW.quality),
          '-define',
          `webp:method=${EFFORT}`,
          '-write',
          join(out, 'preview.webp'),
          '-thumbnail',
          `${THUMB.size}x${THUMB.size}>`,
          '-quality',
          String(THUMB.quality),
          join(out, 'thumbnail.webp'),
        ],
        env,
      );
    };

    interface Contender {
      name: string;
      available: boolean;
      fn: (file: string, i: number, outRoot: string) => Promise<unknown>;
      before?: () => void;
    }
    const contenders: Contender[] = [
      { name: 'ours', available: true, fn: (f, i, r) => ours(f, i, r) },
      { name: 'vips-1-thread', available: vipsVersion !== undefined, fn: (f, i, r) => vips(f, i, r, ONE_THREAD_ENV) },
      {
        name: 'vips-default-threads',
        available: vipsVersion !== undefined,
        fn: (f, i, r) => vips(f, i, r, DEFAULT_ENV),
      },
      {
        name: 'magick-1-thread',
        available: magickVersion !== undefined,
        fn: (f, i, r) => magick(f, i, r, ONE_THREAD_ENV),
      },
      {
        name: 'magick-default-threads',
        available: magickVersion !== undefined,
        fn: (f, i, r) => magick(f, i, r, DEFAULT_ENV),
      },
    ];
    if (args.variants) {
      contenders.push(
        { name: 'ours-two-decodes', available: true, fn: (f, i, r) => ours(f, i, r, { twoDecodes: true }) },
        {
          name: 'ours-2-threads',
          available: true,
          fn: (f, i, r) => ours(f, i, r),
          before: () => configureSharp({ concurrency: 2 }),
        },
      );
    }

    // Interleaved in rounds (each contender takes a slice of the files in turn), so a slow spell of
    // a shared machine lands on every contender rather than on whichever ran at that moment.
    const rounds = Math.min(ROUNDS, COUNT);
    const totals = new Map<string, number>();
    const live = contenders.filter((c) => c.available);
    for (const c of live) {
      c.before?.();
      await c.fn(files[0]!, -1, join(root, 'warmup', c.name)); // first-run costs (loading libraries) are not measured
      configureSharp({ concurrency: 1 });
    }
    for (let r = 0; r < rounds; r++) {
      const from = Math.floor((r * COUNT) / rounds);
      const slice = files.slice(from, Math.floor(((r + 1) * COUNT) / rounds));
      for (const c of live) {
        c.before?.();
        const ms = await timed(slice, PARALLEL, (file, i) => c.fn(file, from + i, join(root, c.name)));
        configureSharp({ concurrency: 1 });
        totals.set(c.name, (totals.get(c.name) ?? 0) + ms);
      }
    }
    const results = new Map<
      string,
      { ms: number | undefined; bytes: number | undefined; error: 'missing' | undefined }
    >();
    for (const c of contenders) {
      results.set(
        c.name,
        c.available
          ? { ms: totals.get(c.name), bytes: await dirBytes(join(root, c.name)), error: undefined }
          : { ms: undefined, bytes: undefined, error: 'missing' },
      );
    }
    const get = (name: string) => results.get(name)!;
    const o = get('ours');
    const v1 = get('vips-1-thread');
    const vd = get('vips-default-threads');
    const m1 = get('magick-1-thread');
    const md = get('magick-default-threads');
    const best = (a: typeof v1, b: typeof v1) => (a.ms !== undefined && b.ms !== undefined && b.ms < a.ms ? b : a);
    const v = best(v1, vd);
    const m = best(m1, md);

    const ratio = (a: number | undefined, b: number | undefined) =>
      a !== undefined && b ? Math.round((a / b) * 1000) / 1000 : null;
    const perImage = (ms: number | undefined) => (ms === undefined ? null : Math.round((ms / COUNT) * 10) / 10);
    const avgKb = (bytes: number | undefined) => (bytes === undefined ? null : Math.round(bytes / COUNT / 1024));

    const result: Record<string, unknown> = {
      count: COUNT,
      parallel: PARALLEL,
      rounds: Math.min(ROUNDS, COUNT),
      source: `${W}x${H} JPEG q90, avg ${Math.round(inputBytes / COUNT / 1024)} KB`,
      outputs: `thumbnail ${THUMB.size} q${THUMB.quality} + preview ${PREVIEW.size} q${PREVIEW.quality}, WebP effort ${EFFORT}, same for every tool`,
      generate_ms: generateMs,
      ours_ms: o.ms,
      vipsthumbnail_ms: v.ms ?? v.error,
      imagemagick_ms: m.ms ?? m.error,
      ratio_vs_vips: ratio(o.ms, v.ms),
      ratio_vs_imagemagick: ratio(o.ms, m.ms),
      target_met: v.ms === undefined ? null : (ratio(o.ms, v.ms) ?? Infinity) <= 1.25,
      threads_ms: {
        vipsthumbnail: { one_per_image: v1.ms ?? null, default: vd.ms ?? null },
        imagemagick: { one_per_image: m1.ms ?? null, default: md.ms ?? null },
      },
      per_image_ms: { ours: perImage(o.ms), vipsthumbnail: perImage(v.ms), imagemagick: perImage(m.ms) },
      output_kb_per_image: { ours: avgKb(o.bytes), vipsthumbnail: avgKb(v.bytes), imagemagick: avgKb(m.bytes) },
      versions: {
        sharp: sharp.versions.sharp,
        libvips_in_sharp: sharp.versions.vips,
        vipsthumbnail: vipsVersion ?? 'missing',
        imagemagick: magickVersion ?? 'missing',
      },
    };

    if (args.variants) {
      result.variants_ms = {
        ours_two_decodes: get('ours-two-decodes').ms,
        ours_sharp_concurrency_2: get('ours-2-threads').ms,
      };
    }
    console.log(JSON.stringify(result, null, 2));
  } finally {
    if (!args.keep) await rm(root, { recursive: true, force: true });
    else console.error(`kept ${root}`);
  }
}

await main();
