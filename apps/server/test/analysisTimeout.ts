/**
 * Run as its own process by src/analysis/thread.test.ts: an OCR run that passes its time limit,
 * then one that does not. Prints each outcome as a line of JSON; a crash shows as the exit code.
 */
import sharp from 'sharp';
import { loadModel, readText, releaseModels } from '../src/analysis/thread.js';

const words = 'Brandvault reads every word on this poster';
const svg = `<svg width="1000" height="400" xmlns="http://www.w3.org/2000/svg">
  <rect width="100%" height="100%" fill="#fff"/>
  ${[0, 1, 2, 3].map((i) => `<text x="40" y="${80 + i * 90}" font-family="DejaVu Sans" font-size="56">${words}</text>`).join('')}
</svg>`;

async function main() {
  const poster = await sharp(Buffer.from(svg)).png().toBuffer();
  await loadModel('ocr');
  // The model is loaded, so the limit passes while the inference itself runs (it takes seconds).
  const tight = await readText(poster, Number(process.argv[2] ?? 300)).then(
    (lines) => ({ lines: lines.length }),
    (e: Error) => ({ error: e.message }),
  );
  console.log(JSON.stringify({ tight }));
  const next = await readText(poster, 120_000);
  console.log(JSON.stringify({ next: next.map((l) => l.text) }));
  await releaseModels();
}

await main();
