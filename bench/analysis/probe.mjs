// Run by speed.ts under plain `node` against the compiled server (apps/server/dist), so the RSS
// is the worker's without tsx. Times each model through the analysis thread the worker uses.
// Argument: a JSON file naming the inputs speed.ts wrote. Prints one JSON object.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const dist = new URL('../../apps/server/dist/', import.meta.url);
const { readText, detectHuman, loadModel, releaseModels } = await import(new URL('analysis/thread.js', dist).href);
const { analyseVisuals } = await import(new URL('media/visuals.js', dist).href);
const { configureSharp } = await import(new URL('media/sharp-settings.js', dist).href);
configureSharp();

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const runs = input.runs;

const stats = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return {
    n: s.length,
    median: Math.round(at(0.5)),
    p95: Math.round(at(0.95)),
    min: Math.round(s[0]),
    max: Math.round(s.at(-1)),
  };
};
/**
 * The first run apart (graphs compiled, buffers grown), then `runs` timed ones. CPU time (user +
 * system, every thread of the process) is kept beside the wall time: on a machine shared with
 * other work it is the figure that load does not inflate.
 */
async function time(fn, n = runs) {
  let t0 = performance.now();
  const first = await fn();
  const firstMs = Math.round(performance.now() - t0);
  const ms = [];
  const cpu = [];
  for (let i = 0; i < n; i++) {
    const c0 = process.cpuUsage();
    t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { first_ms: firstMs, ...stats(ms), cpu_median_ms: stats(cpu).median, result: first };
}
const mb = (b) => Math.round(b / 1024 / 1024);
/** Peak RSS so far (kilobytes on Linux): taken after each step, it shows which step grew it. */
const peakMb = () => Math.round(process.resourceUsage().maxRSS / 1024);

const out = { node: process.version, rss_start_mb: mb(process.memoryUsage().rss) };
let t0 = performance.now();
await loadModel('ocr', 120_000);
out.load_ocr_ms = Math.round(performance.now() - t0);
t0 = performance.now();
const rssLoaded = await loadModel('human', 120_000);
out.load_human_ms = Math.round(performance.now() - t0);
out.rss_models_loaded_mb = mb(rssLoaded);
out.rss_peak_models_loaded_mb = peakMb();

const human = async (raw, want) => {
  const rgb = readFileSync(raw.file);
  const r = await time(() => detectHuman(rgb, raw.width, raw.height, want, 120_000));
  return {
    ...r,
    result: { objects: r.result.objects.length, faces: r.result.faces.length },
    rss_peak_after_mb: peakMb(),
  };
};
out.objects_party_1000px = await human(input.party, { objects: true, faces: false });
out.faces_party_1000px = await human(input.party, { objects: false, faces: true });
out.faces_one_face_1000px = await human(input.portrait, { objects: false, faces: true });
out.objects_and_faces_party_1000px = await human(input.party, { objects: true, faces: true });

const visuals = await time(() => analyseVisuals(input.preview));
out.colours_hash_preview_2048 = { ...visuals, result: visuals.result.state };

const ocr = async (file) => {
  const image = readFileSync(file);
  const r = await time(() => readText(image, 120_000));
  return { ...r, result: r.result.map((l) => l.text).join(' | '), rss_peak_after_mb: peakMb() };
};
// Last and smallest first: the peak after each step is then that step's own.
out.ocr_1280px_jpeg = await ocr(input.photo1280);
out.ocr_preview_2048_webp = await ocr(input.preview);
out.ocr_12mp_jpeg = await ocr(input.photo12);

const usage = process.memoryUsage();
out.rss_after_runs_mb = mb(usage.rss);
// Peak RSS of the process (main thread and analysis thread share it), in kilobytes on Linux.
out.rss_peak_mb = Math.round(process.resourceUsage().maxRSS / 1024);
await releaseModels();
out.rss_after_release_mb = mb(process.memoryUsage().rss);
console.log(JSON.stringify(out));
