// bench/fields: searches on a brand's own metadata fields (issue 39) as a member, over HTTP against
// the real server with no kept answers (SEARCH_CACHE_ENTRIES=0, so every run does the full work),
// and each statement's query plan. Run `npm run fields:seed -w bench` on a seeded database first.
//   npm run fields -w bench -- [--runs 40] [--warmup 5] [--budget 20] [--data-dir ./data-bench]
// Targets at 1M assets: one select filter with the usual query p95 ≤ 50 ms, facets of three select
// fields ≤ 60 ms, a tree node (node and descendants) ≤ 60 ms.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { AssetSearchBody } from '@brandvault/contract';
import type { AssetSearchBody as Body } from '@brandvault/contract';
import {
  BENCH_BRAND_SLUG,
  USERS,
  describeDb,
  loadUserEmail,
  numOpt,
  openBenchDb,
  round,
  signIn,
  startServer,
  stats,
  target,
} from '../lib/common.js';
import { COMMON_WORD } from '../lib/vocab.js';
import { filtersOf, orderOf } from '../../apps/server/src/modules/search/search.service.js';
import { resolveFields } from '../../apps/server/src/modules/search/search.fields.js';
import { searchFieldsRepo } from '../../apps/server/src/modules/search/search.fields.repo.js';
import { searchRepo } from '../../apps/server/src/modules/search/search.repo.js';
import { searchCore } from '../../apps/server/src/modules/search/search.core.js';
import { metadataRepo } from '../../apps/server/src/modules/metadata/metadata.repo.js';

const runs = numOpt('runs', 40);
const warmup = numOpt('warmup', 5);
const budgetS = numOpt('budget', 20);

const { handle } = await openBenchDb();
const { db, dialect } = handle;
const { dataDir, databaseUrl } = target();
const brand = await db.selectFrom('brands').select('id').where('slug', '=', BENCH_BRAND_SLUG).executeTakeFirstOrThrow();
const root = await db
  .selectFrom('folders')
  .selectAll()
  .where('brand_id', '=', brand.id)
  .where('parent_id', 'is', null)
  .executeTakeFirstOrThrow();
const fields = await metadataRepo(db).fieldsOfBrand(brand.id);
if (!fields.length) throw new Error('no brand fields: run npm run fields:seed -w bench first');
const fieldOf = (key: string) => fields.find((f) => f.key === key)!;
const optionOf = async (key: string, label: string) =>
  (
    await db
      .selectFrom('vocabulary_options')
      .select('id')
      .where('vocabulary_id', '=', fieldOf(key).vocabulary_id!)
      .where('label_en', '=', label)
      .executeTakeFirstOrThrow()
  ).id;
const campaign = await optionOf('campaign', 'Campaign 3');
const region = await optionOf('region', 'Region 2');

interface Query {
  name: string;
  target?: number;
  body: Body;
}
const QUERIES: Query[] = [
  { name: 'usual_browse', body: {} },
  { name: 'select_filter', target: 50, body: { fields: { campaign: { any: [campaign] } } } },
  { name: 'select_filter_and_word', target: 50, body: { q: COMMON_WORD, fields: { campaign: { any: [campaign] } } } },
  { name: 'facets_three_selects', target: 60, body: { date_from: '2023-01-01' } },
  { name: 'tree_node', target: 60, body: { fields: { region: { any: [region] } } } },
  { name: 'number_range', body: { fields: { budget: { min: 10_000, max: 20_000 } } } },
  {
    name: 'date_range_sorted_by_date',
    body: {
      fields: { shoot_date: { from: '2024-01-01', to: '2024-06-30' } },
      sort: { attribute: 'name', mode: 'desc', field: 'shoot_date' },
    },
  },
];

// ---- Query plans: the statements the searcher runs for each body, captured by a plugin that
// compiles each query as the executor does, then explained.
type Plugin = Parameters<typeof db.withPlugin>[0];
type Compiled = ReturnType<ReturnType<typeof db.getExecutor>['compileQuery']>;
const captured: Compiled[] = [];
const capture: Plugin = {
  transformQuery: (args) => {
    captured.push(db.getExecutor().compileQuery(args.node, args.queryId));
    return args.node;
  },
  transformResult: async (args) => args.result,
};
const traced = db.withPlugin(capture);
const core = searchCore({
  repo: searchRepo(traced, dialect),
  dialect,
  exactTotal: 10_000,
  facetValues: 50,
  cacheEntries: 0,
});
const fieldsRepo = searchFieldsRepo(traced, dialect);
const filterFields = fields.filter(
  (x) => x.is_filter && (x.vocabulary_id !== null || x.type === 'number' || x.type === 'date'),
);
async function plansOf(q: Query): Promise<string[]> {
  captured.length = 0;
  const body = AssetSearchBody.parse(q.body);
  const filters = filtersOf(root, body, { withPrivate: true }, dialect);
  const { conds } = await resolveFields(fields, body.fields, body.sort.field, fieldsRepo.descendants);
  if (conds.length) filters.fields = conds;
  const found = await core(brand.id, filters, orderOf(body.sort), 1, 50);
  if (found.total) await fieldsRepo.facets(filters, filterFields, found.totalCapped ? 2000 : undefined);
  const out: string[] = [];
  for (const c of [...captured]) {
    // Subqueries are captured too; a correlated one cannot be explained alone (its statement is).
    const explain = await db
      .executeQuery({
        ...c,
        sql: `${dialect === 'sqlite' ? 'explain query plan' : 'explain'} ${c.sql}`,
      })
      .catch(() => null);
    if (!explain) continue;
    const plan = (explain.rows as Record<string, string>[]).map((r) =>
      dialect === 'sqlite' ? r.detail : r['QUERY PLAN'],
    );
    out.push(`${c.sql.replace(/\s+/g, ' ').slice(0, 160)}…\n    ${plan.join('\n    ')}`);
  }
  return out;
}

const server = await startServer({ SEARCH_CACHE_ENTRIES: '0' });
try {
  const sessions = [await signIn(server.base, USERS.member)];
  for (let i = 1; i <= 10; i++) sessions.push(await signIn(server.base, loadUserEmail(i)));
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const { hostname, port } = new URL(server.base);
  const send = (q: Query) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const body = JSON.stringify(q.body);
      const req = http.request(
        {
          host: hostname,
          port,
          path: `/api/ops/asset/list/all/${root.id}?page=1&per_page=50`,
          agent,
          method: 'POST',
          headers: {
            ...sessions[turn++ % sessions.length]!.headers,
            'content-length': String(Buffer.byteLength(body)),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const results = [];
  for (const q of QUERIES) {
    const first = await send(q);
    if (first.status !== 200) throw new Error(`${q.name}: HTTP ${first.status} ${first.text.slice(0, 300)}`);
    const answer = JSON.parse(first.text) as { total: number; total_capped: boolean; facets: { fields: object } };
    for (let i = 0; i < warmup; i++) await send(q);
    const ms: number[] = [];
    const stopAt = performance.now() + budgetS * 1000;
    for (let i = 0; i < runs && (i < 5 || performance.now() < stopAt); i++) {
      const t = performance.now();
      await send(q);
      ms.push(performance.now() - t);
    }
    const s = stats(ms);
    results.push({
      name: q.name,
      body: q.body,
      total: answer.total,
      total_capped: answer.total_capped,
      field_facets: Object.keys(answer.facets.fields),
      http_ms: s,
      target_p95_ms: q.target ?? null,
      met: q.target ? s.p95 <= q.target : null,
      plans: await plansOf(q),
    });
  }
  const assets = await db
    .selectFrom('assets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('brand_id', '=', brand.id)
    .executeTakeFirstOrThrow();
  console.log(
    JSON.stringify(
      {
        database: dialect,
        target: describeDb(databaseUrl, dataDir),
        assets: Number(assets.n),
        fields: fields.map((f) => `${f.key}:${f.type}${f.is_filter ? ' (filter)' : ''}`),
        runs,
        results: results.map((r) => ({
          ...r,
          http_ms: { ...r.http_ms, p50: round(r.http_ms.p50), p95: round(r.http_ms.p95) },
        })),
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await handle.close();
}
