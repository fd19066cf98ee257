// bench/fields/seed: ten brand metadata fields on the seeded "bench" brand and their values on every
// asset, written straight into the database (run after `npm run seed -w bench`). Prints JSON.
//   npm run fields:seed -w bench -- [--data-dir ./data-bench]   (PostgreSQL with DATABASE_URL)
// Three select fields, a multi select, a three-level tree, a number, a date, a text, a boolean and
// a URL, filled with the skew a brand's library has: a few campaigns hold most assets.
import { performance } from 'node:perf_hooks';
import { BENCH_BRAND_SLUG, describeDb, numOpt, openBenchDb, prng, raw, round, target } from '../lib/common.js';
import { FIELD_SPECS, TREE_SHAPE } from './spec.js';

const rand = prng(numOpt('seed', 7));
const t0 = performance.now();
const { handle } = await openBenchDb();
const { db, dialect } = handle;
const { dataDir, databaseUrl } = target();
type Cell = string | number | null;

try {
  const brand = await db
    .selectFrom('brands')
    .select('id')
    .where('slug', '=', BENCH_BRAND_SLUG)
    .executeTakeFirstOrThrow(() => new Error('seed the bench brand first: npm run seed -w bench'));
  if (await db.selectFrom('metadata_fields').select('id').where('brand_id', '=', brand.id).executeTakeFirst())
    throw new Error('the bench brand already has metadata fields: seed into a fresh database');
  const now = new Date().toISOString();
  const ids = await db.selectFrom('assets').select('id').where('brand_id', '=', brand.id).orderBy('id').execute();

  // ---- Vocabularies and fields.
  const optionsOf = new Map<string, number[]>();
  const leavesOf = new Map<string, number[]>();
  const fieldIdOf = new Map<string, number>();
  for (const [position, spec] of FIELD_SPECS.entries()) {
    let vocabularyId: number | null = null;
    if (spec.options || spec.type === 'tree') {
      const kind = spec.type === 'tree' ? 'tree' : 'list';
      const voc = await db
        .insertInto('vocabularies')
        .values({ brand_id: brand.id, name: spec.label, kind, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      vocabularyId = voc.id;
      const all: number[] = [];
      const leaves: number[] = [];
      const add = async (label: string, parent: { id: number; path: string } | null, pos: number) => {
        const row = await db
          .insertInto('vocabulary_options')
          .values({
            vocabulary_id: voc.id,
            parent_id: parent?.id ?? null,
            label_en: label,
            label_es: label,
            position: pos,
            retired_at: null,
            path: '',
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const path = `${parent?.path ?? '/'}${row.id}/`;
        await db.updateTable('vocabulary_options').set({ path }).where('id', '=', row.id).execute();
        all.push(row.id);
        return { id: row.id, path };
      };
      if (spec.type === 'tree') {
        // Region › Area › Country: every leaf is a value; the inner nodes are what people filter by.
        for (let a = 0; a < TREE_SHAPE[0]; a++) {
          const top = await add(`Region ${a + 1}`, null, a);
          for (let b = 0; b < TREE_SHAPE[1]; b++) {
            const mid = await add(`Area ${a + 1}.${b + 1}`, top, b);
            for (let c = 0; c < TREE_SHAPE[2]; c++)
              leaves.push((await add(`Country ${a + 1}.${b + 1}.${c + 1}`, mid, c)).id);
          }
        }
      } else for (let i = 0; i < spec.options!; i++) await add(`${spec.label} ${i + 1}`, null, i);
      optionsOf.set(spec.key, all);
      leavesOf.set(spec.key, spec.type === 'tree' ? leaves : all);
    }
    const f = await db
      .insertInto('metadata_fields')
      .values({
        brand_id: brand.id,
        key: spec.key,
        type: spec.type,
        label_en: spec.label,
        label_es: spec.label,
        help_en: '',
        help_es: '',
        required: spec.required ? 1 : 0,
        asset_types: JSON.stringify(['image', 'video', 'document', 'audio', 'other']),
        on_share: 0,
        on_pdf: 0,
        is_filter: spec.filter ? 1 : 0,
        position,
        vocabulary_id: vocabularyId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fieldIdOf.set(spec.key, f.id);
  }
  const fieldsS = (performance.now() - t0) / 1000;

  // ---- Values: Zipf over each list (the first options are the common ones).
  const zipf = (n: number, s = 1) => {
    const w = Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s);
    const total = w.reduce((a, b) => a + b, 0);
    const cum: number[] = [];
    let acc = 0;
    for (const x of w) cum.push((acc += x / total));
    return () => {
      const r = rand();
      let lo = 0;
      let hi = n - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid]! < r) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
  };
  const pickers = new Map(FIELD_SPECS.map((s) => [s.key, zipf(leavesOf.get(s.key)?.length ?? 1)]));
  const COLS = ['asset_id', 'field_id', 'option_id', 'value_text', 'value_number', 'value_date', 'value_bool'];
  const rowsOf = (assetId: number): Cell[][] => {
    const out: Cell[][] = [];
    for (const spec of FIELD_SPECS) {
      if (rand() >= spec.fill) continue;
      const fieldId = fieldIdOf.get(spec.key)!;
      const leaves = leavesOf.get(spec.key);
      if (leaves) {
        const n = spec.type === 'multi_select' ? 1 + Math.floor(rand() * 3) : 1;
        const chosen = new Set<number>();
        for (let i = 0; i < n; i++) chosen.add(leaves[pickers.get(spec.key)!()]!);
        for (const o of chosen) out.push([assetId, fieldId, o, null, null, null, null]);
      } else if (spec.type === 'number')
        out.push([assetId, fieldId, null, null, Math.floor(rand() * 100_000), null, null]);
      else if (spec.type === 'date') {
        const d = new Date(Date.UTC(2021, 0, 1) + Math.floor(rand() * 5 * 365) * 86_400_000);
        out.push([assetId, fieldId, null, null, null, d.toISOString().slice(0, 10), null]);
      } else if (spec.type === 'boolean') out.push([assetId, fieldId, null, null, null, null, rand() < 0.5 ? 1 : 0]);
      else if (spec.type === 'url')
        out.push([assetId, fieldId, null, `https://example.com/source/${assetId}`, null, null, null]);
      else out.push([assetId, fieldId, null, `Photographer ${pickers.get(spec.key)!() + 1}`, null, null, null]);
    }
    return out;
  };

  // The value indexes are built once after the rows, as the asset seed does for the search tables.
  const deferred = (
    await db.executeQuery<{ name: string; sql: string }>(
      raw(
        dialect === 'sqlite'
          ? `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name = 'asset_field_values'`
          : `select indexname as name, indexdef as sql from pg_indexes where tablename = 'asset_field_values' and indexname not like '%_pkey'`,
      ),
    )
  ).rows;
  // A seed stopped between dropping and rebuilding them leaves none to rebuild: start afresh.
  if (deferred.length < 5)
    throw new Error('asset_field_values lacks its value indexes (an earlier seed stopped?): seed a fresh database');
  for (const ix of deferred) await db.executeQuery(raw(`drop index ${ix.name}`));
  // PostgreSQL's row trigger bumps the brand's search generation once per value: seven million
  // updates of one row. Off for the load, then one bump, as one bulk statement would make it.
  const generation = ['asset_field_values_generation_ai'];
  if (dialect === 'postgres')
    for (const t of generation) await db.executeQuery(raw(`alter table asset_field_values disable trigger ${t}`));

  const PER_STATEMENT = dialect === 'sqlite' ? 120 : 5000;
  let values = 0;
  let lastReport = performance.now();
  const tv = performance.now();
  if (dialect === 'sqlite') {
    await db.executeQuery(raw(`pragma synchronous = off`));
    const tuple = `(${COLS.map(() => '?').join(', ')})`;
    const stmt = (n: number) =>
      `insert into asset_field_values (${COLS.join(', ')}) values ${Array.from({ length: n }, () => tuple).join(', ')}`;
    for (let i = 0; i < ids.length; i += 10_000) {
      await db.transaction().execute(async (trx) => {
        let batch: Cell[][] = [];
        const flush = async () => {
          if (batch.length) await trx.executeQuery(raw(stmt(batch.length), batch.flat()));
          values += batch.length;
          batch = [];
        };
        for (const a of ids.slice(i, i + 10_000)) {
          batch.push(...rowsOf(a.id));
          if (batch.length >= PER_STATEMENT) await flush();
        }
        await flush();
      });
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        process.stderr.write(`fields: ${i}/${ids.length} assets, ${values} values\n`);
      }
    }
  } else {
    const types = ['int4', 'int4', 'int4', 'text', 'float8', 'text', 'int4'];
    const stmt = `insert into asset_field_values (${COLS.join(', ')}) select * from unnest(${types.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
    let batch: Cell[][] = [];
    const flush = async () => {
      if (!batch.length) return;
      const arrays = COLS.map((_, c) => batch.map((r) => r[c]!));
      await db.executeQuery(raw(stmt, arrays as unknown as Cell[]));
      values += batch.length;
      batch = [];
    };
    for (const a of ids) {
      batch.push(...rowsOf(a.id));
      if (batch.length >= PER_STATEMENT) await flush();
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        process.stderr.write(`fields: ${values} values\n`);
      }
    }
    await flush();
  }
  const valuesS = (performance.now() - tv) / 1000;
  const ti = performance.now();
  for (const ix of deferred) await db.executeQuery(raw(ix.sql));
  if (dialect === 'postgres') {
    for (const t of generation) await db.executeQuery(raw(`alter table asset_field_values enable trigger ${t}`));
    await db.executeQuery(
      raw(
        `insert into search_generations (brand_id, n) values (${brand.id}, 1) on conflict (brand_id) do update set n = search_generations.n + 1`,
      ),
    );
  }
  await db.executeQuery(raw(dialect === 'sqlite' ? 'analyze' : 'vacuum analyze'));
  console.log(
    JSON.stringify(
      {
        database: dialect,
        target: describeDb(databaseUrl, dataDir),
        brand_id: brand.id,
        assets: ids.length,
        fields: FIELD_SPECS.map((s) => `${s.key}:${s.type}`),
        options: Object.fromEntries([...optionsOf].map(([k, v]) => [k, v.length])),
        values,
        phases_s: {
          fields: round(fieldsS),
          values: round(valuesS),
          indexes_and_analyze: round((performance.now() - ti) / 1000),
        },
        total_s: round((performance.now() - t0) / 1000),
      },
      null,
      2,
    ),
  );
} finally {
  await handle.close();
}
