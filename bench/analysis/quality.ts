// bench/analysis quality (issue 42, "Honest quality figures"): precision and recall of OCR on the
// rendered set (ocrSet.ts), of object labels and face detection on photos shipped in the
// @vladmandic/human package (labels.json, written by hand), and same/different accuracy of face
// descriptors on that package's face grid. Thresholds are the product's defaults (objects: the
// brand default 0.5; faces: the detector's 0.5; same person: Human's documented 0.5), never tuned
// on this set. Prints JSON.
//   npm run analysis:quality -w bench [-- --ocr 48 --detail]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { detectHuman, readText, releaseModels } from '../../apps/server/src/analysis/thread.js';
import { flag, numOpt, round } from '../lib/common.js';
import {
  HUMAN_MATCH_THRESHOLD,
  add,
  emptyTally,
  exactWords,
  humanSimilarity,
  normalWords,
  overlap,
  pr,
} from './metrics.js';
import type { Tally } from './metrics.js';
import { ocrSet } from './ocrSet.js';

/** The brand's default object threshold (repos.analysis settings), the labels a user is shown. */
const OBJECT_THRESHOLD = 0.5;
/** The floor the model itself runs at (human.ts), printed beside it for reference, not chosen here. */
const MODEL_FLOOR = 0.2;
const detail = flag('detail');
// The package's `exports` hide package.json; its entry is in dist/, the assets beside that.
const assets = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/human')), '..', 'assets');

interface Photo {
  id: string;
  file: string;
  region: [number, number, number, number];
  objects: string[];
  maybe: string[];
  faces: number | null;
  facesMax?: number;
  person?: string;
}
interface Grid {
  file: string;
  origin: [number, number];
  pitch: [number, number];
  cell: number;
  A: [number, number][];
  other: [number, number][];
  twoFacesAllowed: [number, number][];
}
const labels = JSON.parse(readFileSync(new URL('./labels.json', import.meta.url), 'utf8')) as {
  photos: Photo[];
  faceGrid: Grid;
};

/** Raw RGB of a region, at most 1,000 px on the long side as the jobs send it, never enlarged. */
async function rgbOf(file: string, [left, top, width, height]: number[], pad = 0) {
  const { data, info } = await sharp(join(assets, file))
    .extract({ left: left!, top: top!, width: width!, height: height! })
    .extend({ top: pad, bottom: pad, left: pad, right: pad, background: '#000000' })
    .resize(1000, 1000, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function ocr(count: number) {
  const cases = await ocrSet(count);
  const all = emptyTally();
  const byFactor: Record<string, Record<string, Tally>> = { font: {}, size: {}, angle: {}, background: {} };
  // Words with an accent or ñ: read with the mark kept, or only once marks are dropped.
  const accented = { words: 0, exact: 0, unaccented: 0 };
  const rows = [];
  const ms: number[] = [];
  for (const c of cases) {
    const t0 = performance.now();
    const lines = await readText(c.jpeg, 60_000);
    ms.push(performance.now() - t0);
    const read = lines.map((l) => l.text).join(' ');
    const o = overlap(normalWords(c.text.join(' ')), normalWords(read));
    add(all, o);
    for (const [k, v] of [
      ['font', c.font],
      ['size', String(c.size)],
      ['angle', String(c.angle)],
      ['background', c.background],
    ] as const)
      add((byFactor[k]![v] ??= emptyTally()), o);
    const readExact = new Set(exactWords(read));
    const readPlain = new Set(normalWords(read));
    for (const w of exactWords(c.text.join(' ')).filter((w) => w !== w.normalize('NFD').replace(/\p{M}/gu, ''))) {
      accented.words++;
      if (readExact.has(w)) accented.exact++;
      else if (readPlain.has(normalWords(w)[0]!)) accented.unaccented++;
    }
    if (detail)
      rows.push({ name: c.name, font: c.font, size: c.size, angle: c.angle, bg: c.background, read, ...pr(o) });
  }
  const factors = Object.fromEntries(
    Object.entries(byFactor).map(([k, m]) => [
      k,
      Object.fromEntries(Object.entries(m).map(([v, t]) => [v, { ...pr(t), images: 0 }])),
    ]),
  );
  for (const c of cases)
    for (const [k, v] of [
      ['font', c.font],
      ['size', String(c.size)],
      ['angle', String(c.angle)],
      ['background', c.background],
    ] as const)
      factors[k]![v]!.images++;
  ms.sort((a, b) => a - b);
  return {
    images: cases.length,
    words: pr(all),
    accented,
    byFactor: factors,
    ms_median: round(ms[Math.floor(ms.length / 2)]!, 0),
    ...(detail ? { rows } : {}),
  };
}

async function photos() {
  const objects = emptyTally();
  const atFloor = emptyTally();
  const perClass: Record<string, Tally> = {};
  const faces = emptyTally();
  const rows = [];
  for (const p of labels.photos) {
    const { data, width, height } = await rgbOf(p.file, p.region);
    const r = await detectHuman(data, width, height, { objects: true, faces: true }, 60_000);
    const shown = [...new Set(r.objects.filter((o) => o.score >= OBJECT_THRESHOLD).map((o) => o.label))];
    const hits = shown.filter((l) => p.objects.includes(l));
    const wrong = shown.filter((l) => !p.objects.includes(l) && !p.maybe.includes(l));
    add(objects, { hits: hits.length, expected: p.objects.length, found: hits.length + wrong.length });
    for (const l of p.objects)
      add((perClass[l] ??= emptyTally()), { hits: +hits.includes(l), expected: 1, found: +hits.includes(l) });
    for (const l of wrong) add((perClass[l] ??= emptyTally()), { hits: 0, expected: 0, found: 1 });
    const floor = [...new Set(r.objects.filter((o) => o.score >= MODEL_FLOOR).map((o) => o.label))];
    const floorHits = floor.filter((l) => p.objects.includes(l)).length;
    const floorWrong = floor.filter((l) => !p.objects.includes(l) && !p.maybe.includes(l)).length;
    add(atFloor, { hits: floorHits, expected: p.objects.length, found: floorHits + floorWrong });
    if (p.faces !== null) {
      // Faces are counted, not boxed: up to the hand count are hits; past facesMax (edge faces) false.
      const n = r.faces.length;
      const hits = Math.min(n, p.faces);
      add(faces, { hits, expected: p.faces, found: hits + Math.max(0, n - (p.facesMax ?? p.faces)) });
    }
    rows.push({
      id: p.id,
      size: `${width}x${height}`,
      labels: r.objects.map((o) => `${o.label} ${o.score.toFixed(2)}`),
      missed: p.objects.filter((l) => !hits.includes(l)),
      wrong,
      faces: `${r.faces.length}/${p.faces ?? '-'}`,
    });
  }
  return {
    photos: labels.photos.length,
    objects: {
      threshold: OBJECT_THRESHOLD,
      ...pr(objects),
      perClass: Object.fromEntries(Object.entries(perClass).map(([k, t]) => [k, pr(t)])),
    },
    objectsAtModelFloor: { threshold: MODEL_FLOOR, ...pr(atFloor) },
    faces: pr(faces),
    rows,
  };
}

/** Descriptors of the grid's cells and of the g3 crops; then every labelled pair scored. */
async function grouping() {
  const g = labels.faceGrid;
  const faces = emptyTally();
  const people: { person: string; embedding: number[] | undefined }[] = [];
  const cell = async (rc: [number, number], person: string) => {
    const region = [
      Math.round(g.origin[0] + rc[1] * g.pitch[0]),
      Math.round(g.origin[1] + rc[0] * g.pitch[1]),
      g.cell,
      g.cell,
    ];
    // A crop filled by one face is padded with the screenshot's black, as the grid shows it.
    const { data, width, height } = await rgbOf(g.file, region, g.cell / 2);
    const r = await detectHuman(data, width, height, { objects: false, faces: true }, 60_000);
    const allowed = g.twoFacesAllowed.some(([a, b]) => a === rc[0] && b === rc[1]) ? 2 : 1;
    add(faces, {
      hits: Math.min(1, r.faces.length),
      expected: 1,
      found: Math.min(1, r.faces.length) + Math.max(0, r.faces.length - allowed),
    });
    people.push({ person, embedding: [...r.faces].sort((a, b) => b.score - a.score)[0]?.embedding });
  };
  for (const rc of g.A) await cell(rc, 'A');
  for (const rc of g.other) await cell(rc, `other ${rc.join(',')}`);
  for (const p of labels.photos.filter((p) => p.person)) {
    const { data, width, height } = await rgbOf(p.file, p.region);
    const r = await detectHuman(data, width, height, { objects: false, faces: true }, 60_000);
    people.push({ person: p.person!, embedding: [...r.faces].sort((a, b) => b.score - a.score)[0]?.embedding });
  }
  const same: number[] = [];
  const different: number[] = [];
  // Known: A is one man; the g3 women are four people (one photo); 'other' cells are not A but may
  // be each other or a g3 woman, so only pairs whose answer the labels give are scored.
  const labelled = (a: string, b: string) =>
    a === 'A' || b === 'A' ? true : a.startsWith('g3-') && b.startsWith('g3-');
  for (let i = 0; i < people.length; i++)
    for (let j = i + 1; j < people.length; j++) {
      const [a, b] = [people[i]!, people[j]!];
      if (!a.embedding || !b.embedding || !labelled(a.person, b.person)) continue;
      const s = humanSimilarity(a.embedding, b.embedding);
      (a.person === b.person ? same : different).push(s);
    }
  const q = (xs: number[], p: number) => round([...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * p)] ?? NaN);
  const sameOk = same.filter((s) => s > HUMAN_MATCH_THRESHOLD).length;
  const diffOk = different.filter((s) => s <= HUMAN_MATCH_THRESHOLD).length;
  return {
    cellFaces: pr(faces),
    threshold: HUMAN_MATCH_THRESHOLD,
    samePairs: same.length,
    differentPairs: different.length,
    sameAccuracy: round(sameOk / same.length, 3),
    differentAccuracy: round(diffOk / different.length, 3),
    pairAccuracy: round((sameOk + diffOk) / (same.length + different.length), 3),
    similarity: {
      same: { p10: q(same, 0.1), median: q(same, 0.5), p90: q(same, 0.9) },
      different: { p10: q(different, 0.1), median: q(different, 0.5), p90: q(different, 0.9) },
    },
    facesWithoutDescriptor: people.filter((p) => !p.embedding).map((p) => p.person),
  };
}

try {
  const t0 = performance.now();
  const report = { ocr: await ocr(numOpt('ocr', 48)), photos: await photos(), grouping: await grouping() };
  console.log(JSON.stringify({ ...report, seconds: round((performance.now() - t0) / 1000, 1) }, null, 2));
} finally {
  await releaseModels();
}
