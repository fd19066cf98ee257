// bench/analysis/foundWords.ts: gives a share of the seeded brand's assets the text an OCR run
// would have found (a few poster words each), and OCR_WORD to one in a thousand of those, so
// `npm run search -w bench -- --only ocr_word` times a word found only by OCR.
//   npm run analysis:words -w bench -- [--share 0.3] [--data-dir ./data-bench]
// Writes `asset_found_words` and `assets.found_text` as the analyses do (the full-text triggers
// follow), in transactions of 1,000 assets. Same DATA_DIR / DATABASE_URL as bench:seed.
import { performance } from 'node:perf_hooks';
import { BENCH_BRAND_SLUG, numOpt, openBenchDb, prng, round } from '../lib/common.js';
import { OCR_WORD, POSTER_WORDS, SEASONS, SUBJECTS } from '../lib/vocab.js';

const share = numOpt('share', 0.3);
const { handle } = await openBenchDb();
const { db } = handle;
const brand = await db.selectFrom('brands').select('id').where('slug', '=', BENCH_BRAND_SLUG).executeTakeFirstOrThrow();
const ids = (await db.selectFrom('assets').select('id').where('brand_id', '=', brand.id).orderBy('id').execute()).map(
  (r) => r.id,
);
const random = prng(42);
const chosen = ids.filter(() => random() < share);
const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)]!;
const started = performance.now();
let marked = 0;
for (let i = 0; i < chosen.length; i += 1000) {
  const part = chosen.slice(i, i + 1000);
  await db.transaction().execute(async (t) => {
    for (const id of part) {
      const words = [pick(POSTER_WORDS), pick(POSTER_WORDS), pick(SEASONS), pick(SUBJECTS), pick(POSTER_WORDS)];
      if (random() < 0.001) {
        words.push(OCR_WORD);
        marked++;
      }
      const text = words.join(' ');
      await t
        .insertInto('asset_found_words')
        .values({ asset_id: id, kind: 'text', words: text })
        .onConflict((oc) => oc.columns(['asset_id', 'kind']).doUpdateSet({ words: text }))
        .execute();
      await t.updateTable('assets').set({ found_text: text }).where('id', '=', id).execute();
    }
  });
}
console.log(
  JSON.stringify({
    assets: ids.length,
    with_found_text: chosen.length,
    with_ocr_word: marked,
    ocr_word: OCR_WORD,
    seconds: round((performance.now() - started) / 1000, 1),
  }),
);
await handle.close();
