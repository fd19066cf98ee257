// bench/seed: a brand with a realistic folder tree and N assets, written straight into the
// database in batches (no HTTP), plus one user of each role and the bench:load users. Prints JSON.
//   npm run seed -w bench -- [--assets 1000000] [--folders 2000] [--load-users 500] [--downloads N] [--data-dir ./data-bench]
// --downloads: download events over the last 365 days (default: one per asset).
// PostgreSQL when DATABASE_URL (or --database-url) is set, else SQLite in DATA_DIR. The database must
// not hold a "bench" brand yet (use a fresh DATA_DIR / database).
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_EXTENSIONS } from '../../apps/server/src/media/index.js';
import { seed } from '../../apps/server/src/db/seed.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { makeRepos } from '../../apps/server/src/repos.js';
import { newUserRow } from '../../apps/server/src/modules/users/userRow.js';
import { seedDownloads } from './downloads.js';
import {
  BENCH_BRAND_SLUG,
  BENCH_PASSWORD,
  USERS,
  describeDb,
  loadUserEmail,
  numOpt,
  openBenchDb,
  prng,
  raw,
  round,
  target,
} from '../lib/common.js';
import {
  AUTHORS,
  CATEGORIES,
  COMMON_WORD,
  KEYWORDS,
  LANGUAGES,
  LEVEL2,
  LEVEL4,
  RARE_PROBABILITY,
  RARE_WORD,
  SEASONS,
  SUBJECTS,
  TOP_FOLDERS,
  TYPE_MIX,
  VARIANTS,
} from '../lib/vocab.js';

const assetCount = Math.floor(numOpt('assets', 1_000_000));
const folderCount = Math.max(2, Math.floor(numOpt('folders', 2000)));
const loadUsers = Math.floor(numOpt('load-users', 500));
const downloadEvents = Math.floor(numOpt('downloads', assetCount));
const rand = prng(numOpt('seed', 42));
const t0 = performance.now();
const phases: Record<string, number> = {};
let phaseStart = performance.now();
const phase = (name: string) => {
  phases[name] = round((performance.now() - phaseStart) / 1000);
  phaseStart = performance.now();
};

// ---- Distributions
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const pickUniform = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
/** Weighted picker: cumulative weights and a binary search. */
function weighted<T>(items: readonly T[], weights: readonly number[]): () => T {
  const cum = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((w, i) => (cum[i] = total += w));
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}
const zipf = <T>(items: readonly T[], s: number) =>
  weighted(
    items,
    items.map((_, i) => 1 / (i + 1) ** s),
  );
/** Log-normal, for file sizes. */
const lognormal = (median: number, sigma: number) => {
  const u = Math.max(1e-12, rand());
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rand());
  return Math.round(median * Math.exp(sigma * z));
};

const mimeOf = new Map(DEFAULT_EXTENSIONS.map((e) => [e.ext, e.mime]));
const pickType = weighted(
  TYPE_MIX,
  TYPE_MIX.map((t) => t.share),
);
const pickExt = new Map(
  TYPE_MIX.map((t) => [
    t.type,
    weighted(
      t.exts.map((e) => e[0]),
      t.exts.map((e) => e[1]),
    ),
  ]),
);
const pickSeason = zipf(SEASONS, 1.0);
const pickSubject = zipf(SUBJECTS, 0.8);
const pickVariant = zipf(VARIANTS, 0.7);
const pickKeyword = zipf(KEYWORDS, 1.05);
const pickCategory = zipf(CATEGORIES, 1.0);
const pickLanguage = zipf(LANGUAGES, 0.9);
const pickAuthor = zipf(AUTHORS, 1.2);

const { handle, config } = await openBenchDb();
const { db, dialect } = handle;
const { dataDir, databaseUrl } = target();
try {
  // ---- The app's own seed (roles, permissions, extensions, the first admin), then our people.
  const noLog = () => {};
  const log = {
    info: noLog,
    warn: noLog,
    error: noLog,
    debug: noLog,
    trace: noLog,
    fatal: noLog,
    silent: noLog,
    level: 'silent',
    child: () => log,
  } as unknown as FastifyBaseLogger;
  await seed(makeRepos(db), config, systemClock, log);
  if (await db.selectFrom('brands').select('id').where('slug', '=', BENCH_BRAND_SLUG).executeTakeFirst())
    throw new Error(
      `this database already has the "${BENCH_BRAND_SLUG}" brand: seed into a fresh DATA_DIR or database ` +
        `(${describeDb(databaseUrl, dataDir)})`,
    );
  const now = new Date().toISOString();
  const roleId = new Map((await db.selectFrom('roles').select(['id', 'name']).execute()).map((r) => [r.name, r.id]));
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const admin = await db.selectFrom('users').select('id').where('email', '=', USERS.admin).executeTakeFirstOrThrow();
  const people: { email: string; role: string; first: string }[] = [
    { email: USERS.manager, role: 'manager', first: 'Manager' },
    { email: USERS.member, role: 'member', first: 'Member' },
    { email: USERS.guest, role: 'guest', first: 'Guest' },
    ...Array.from({ length: loadUsers }, (_, i) => ({ email: loadUserEmail(i + 1), role: 'member', first: 'Load' })),
  ];
  const userIds: Record<string, number> = { admin: admin.id };
  const brandId = await db.transaction().execute(async (trx) => {
    const { id: brandId } = await trx
      .insertInto('brands')
      .values({
        name: 'Bench',
        slug: BENCH_BRAND_SLUG,
        status: 'ACTIVE',
        image_uri: null,
        logo_uri: null,
        image_key: null,
        logo_key: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < people.length; i += 500) {
      const chunk = people.slice(i, i + 500);
      const rows = await trx
        .insertInto('users')
        .values(
          chunk.map((p, j) =>
            newUserRow({
              first_name: p.first,
              last_name: `Bench ${i + j + 1}`,
              email: p.email,
              password_hash: passwordHash,
              at: now,
              status: 'ACTIVE',
              verified_at: now,
              approved_at: now,
            }),
          ),
        )
        .returning(['id', 'email'])
        .execute();
      const idOf = new Map(rows.map((r) => [r.email, r.id]));
      const links = chunk.map((p) => ({ user_id: idOf.get(p.email)!, role: p.role }));
      await trx
        .insertInto('user_roles')
        .values(links.map((l) => ({ user_id: l.user_id, role_id: roleId.get(l.role)! })))
        .execute();
      await trx
        .insertInto('user_brands')
        .values(links.map((l) => ({ user_id: l.user_id, brand_id: brandId })))
        .execute();
      for (const p of chunk) if (p.first !== 'Load') userIds[p.role] = idOf.get(p.email)!;
    }
    return brandId;
  });
  phase('users_and_brand_s');

  // ---- The folder tree: explicit ids (so paths are written in one pass), breadth first.
  interface F {
    id: number;
    parent: F | null;
    name: string;
    depth: number;
    path: string;
    priv: boolean;
    visibility: string;
    children: number;
  }
  const maxId = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  let nextId = Number(maxId?.m ?? 0) + 1;
  const root: F = {
    id: nextId++,
    parent: null,
    name: 'Bench',
    depth: 0,
    path: '',
    priv: false,
    visibility: 'PUBLIC',
    children: 0,
  };
  root.path = `/${root.id}/`;
  const folders: F[] = [root];
  const nameFor = (depth: number, k: number): string => {
    if (depth === 1) return TOP_FOLDERS[k % TOP_FOLDERS.length]! + (k >= TOP_FOLDERS.length ? ` ${k}` : '');
    if (depth === 2) return LEVEL2[k % LEVEL2.length]! + (k >= LEVEL2.length ? ` ${k}` : '');
    if (depth === 3) return `${pickUniform(SEASONS)} ${pickUniform(SUBJECTS)} ${k + 1}`;
    if (depth === 4) return LEVEL4[k % LEVEL4.length]! + (k >= LEVEL4.length ? ` ${k}` : '');
    return `Set ${k + 1}`;
  };
  const childrenAt = (depth: number) =>
    depth === 0
      ? TOP_FOLDERS.length
      : depth === 1
        ? int(3, 8)
        : depth === 2
          ? int(2, 7)
          : depth === 3
            ? int(1, 6)
            : int(0, 3);
  for (let q = 0; q < folders.length && folders.length < folderCount; q++) {
    const parent = folders[q]!;
    const n = childrenAt(parent.depth);
    for (let k = 0; k < n && folders.length < folderCount; k++) {
      const priv = rand() < 0.04;
      const f: F = {
        id: nextId++,
        parent,
        name: nameFor(parent.depth + 1, k),
        depth: parent.depth + 1,
        path: '',
        priv: priv || parent.priv,
        visibility: priv ? 'PRIVATE' : 'PUBLIC',
        children: 0,
      };
      f.path = `${parent.path}${f.id}/`;
      parent.children++;
      folders.push(f);
    }
    // A shallow tree ran out of parents (tiny --folders): keep going under the last ones.
    if (q === folders.length - 1 && folders.length < folderCount) q = Math.max(-1, q - 1);
  }
  for (let i = 0; i < folders.length; i += 500) {
    await db
      .insertInto('folders')
      .values(
        folders.slice(i, i + 500).map((f) => ({
          id: f.id,
          brand_id: brandId,
          parent_id: f.parent?.id ?? null,
          name: f.name,
          visibility: f.visibility,
          private_path: f.priv ? 1 : 0,
          status: 'ACTIVE',
          image_key: null,
          path: f.path,
          depth: f.depth,
          created_by: admin.id,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  if (dialect === 'postgres')
    await db.executeQuery(raw(`select setval(pg_get_serial_sequence('folders', 'id'), (select max(id) from folders))`));
  phase('folders_s');

  // Assets per folder: Zipf over a shuffled order of the folders, so a few folders are big (the
  // largest holds ~5% of the brand) and most hold a few hundred at 1M.
  const order = folders.map((f) => f);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const pickFolder = weighted(
    order,
    order.map((_, i) => 1 / (i + 1) ** 0.8),
  );

  // ---- Assets
  const COLS = [
    'brand_id',
    'folder_id',
    'name',
    'ext',
    'mime',
    'type',
    'size',
    'sha256',
    'blob_key',
    'width',
    'height',
    'duration_seconds',
    'author',
    'description',
    'keywords',
    'categories',
    'language',
    'visibility',
    'status',
    'name_locked',
    'taken_at',
    'camera',
    'derivatives',
    'derivative_rev',
    'thumb_key',
    'preview_key',
    'current_version',
    'created_by',
    'created_at',
    'updated_at',
  ] as const;
  const PG_TYPES = [
    'int4',
    'int4',
    'text',
    'text',
    'text',
    'text',
    'int8',
    'text',
    'text',
    'int4',
    'int4',
    'float8',
    'text',
    'text',
    'text',
    'text',
    'text',
    'text',
    'text',
    'int4',
    'text',
    'text',
    'text',
    'int4',
    'text',
    'text',
    'int4',
    'int4',
    'text',
    'text',
  ];
  type Value = string | number | null;
  const creators = [admin.id, userIds.manager!, userIds.member!];
  const nowMs = Date.now();
  const FIVE_YEARS = 5 * 365.25 * 86400_000;
  const cameras = [
    JSON.stringify({ make: 'Canon', model: 'EOS R5', iso: 200, aperture: 2.8 }),
    JSON.stringify({ make: 'Sony', model: 'ILCE-7M4', iso: 400, aperture: 4 }),
    JSON.stringify({ make: 'Apple', model: 'iPhone 15 Pro', iso: 64, aperture: 1.8 }),
  ];
  let rare = 0;
  let common = 0;
  const counts = { PRIVATE: 0, INACTIVE: 0, byType: {} as Record<string, number> };

  function asset(i: number): Value[] {
    const type = pickType().type;
    const ext = pickExt.get(type)!();
    const season = pickSeason();
    const subject = pickSubject();
    const name = `${season}-${subject}-${pickVariant()}-${String(i % 10000).padStart(4, '0')}.${ext}`;
    const kw = new Set<string>([season, subject]);
    for (let k = int(1, 5); k > 0; k--) kw.add(pickKeyword());
    const isRare = rand() < RARE_PROBABILITY;
    if (isRare) {
      kw.add(RARE_WORD);
      rare++;
    }
    if (kw.has(COMMON_WORD)) common++;
    const cats = new Set<string>([pickCategory()]);
    if (rand() < 0.4) cats.add(pickCategory());
    const language = rand() < 0.15 ? null : pickLanguage();
    const author = rand() < 0.05 ? null : pickAuthor();
    const created = nowMs - rand() * FIVE_YEARS;
    const updated = Math.min(nowMs, created + (rand() < 0.3 ? rand() * 90 * 86400_000 : 0));
    const visual = type === 'image' || type === 'video';
    const landscape = rand() < 0.65;
    const long = visual ? pick4k() : null;
    const short = long ? Math.round(long / (rand() < 0.5 ? 1.5 : 16 / 9)) : null;
    const spanish = rand() < 0.2;
    const description = spanish
      ? `Foto de ${subject} para la campaña ${season}${isRare ? ` con ${RARE_WORD}` : ''}, estilo ${language ?? 'libre'}.`
      : `${type === 'image' ? 'Photo' : 'File'} of ${subject} for the ${season} campaign${isRare ? ` with a ${RARE_WORD}` : ''}, ${language ?? 'plain'} style.`;
    const visibility = rand() < 0.1 ? 'PRIVATE' : 'PUBLIC';
    const status = rand() < 0.02 ? 'INACTIVE' : 'ACTIVE';
    if (visibility === 'PRIVATE') counts.PRIVATE++;
    if (status === 'INACTIVE') counts.INACTIVE++;
    counts.byType[type] = (counts.byType[type] ?? 0) + 1;
    const sha = createHash('sha256').update(`bench-${brandId}-${i}`).digest('hex');
    const size =
      type === 'video'
        ? lognormal(80e6, 1.0)
        : type === 'image'
          ? lognormal(2.5e6, 0.9)
          : type === 'audio'
            ? lognormal(6e6, 0.7)
            : lognormal(800e3, 1.2);
    return [
      brandId,
      pickFolder().id,
      name,
      ext,
      mimeOf.get(ext) ?? 'application/octet-stream',
      type,
      Math.max(1, size),
      sha,
      `bench/${sha.slice(0, 2)}/${sha}`,
      long ? (landscape ? long : short) : null,
      long ? (landscape ? short : long) : null,
      type === 'video' ? round(5 + rand() * 300, 1) : type === 'audio' ? round(10 + rand() * 600, 1) : null,
      author,
      description,
      JSON.stringify([...kw]),
      JSON.stringify([...cats]),
      language,
      visibility,
      status,
      rand() < 0.01 ? 1 : 0,
      type === 'image' && rand() < 0.7 ? new Date(created - rand() * 30 * 86400_000).toISOString() : null,
      type === 'image' && rand() < 0.5 ? pickUniform(cameras) : null,
      visual ? 'ready' : 'none',
      1,
      visual ? `derivatives/${sha}/thumb-1.webp` : null,
      visual ? `derivatives/${sha}/preview-1.webp` : null,
      1,
      pickUniform(creators),
      new Date(created).toISOString(),
      new Date(updated).toISOString(),
    ];
  }
  function pick4k(): number {
    const r = rand();
    return r < 0.4 ? 6000 : r < 0.7 ? 4000 : r < 0.9 ? 1920 : 1080;
  }

  const ROWS_PER_STATEMENT = dialect === 'sqlite' ? 200 : 5000;
  const ROWS_PER_TRANSACTION = dialect === 'sqlite' ? 10_000 : 5000;
  const colList = COLS.join(', ');
  const tuple = `(${COLS.map(() => '?').join(', ')})`;
  const sqliteStatement = (rows: number) =>
    `insert into assets (${colList}) values ${Array.from({ length: rows }, () => tuple).join(', ')}`;
  const pgStatement = `insert into assets (${colList}) select * from unnest(${PG_TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ')})`;
  const fullSqlite = sqliteStatement(ROWS_PER_STATEMENT);

  let written = 0;
  let lastReport = performance.now();
  const report = () => {
    if (performance.now() - lastReport < 10_000) return;
    lastReport = performance.now();
    const s = (performance.now() - phaseStart) / 1000;
    process.stderr.write(`seed: ${written}/${assetCount} assets, ${Math.round(written / s)} rows/s\n`);
  };

  // A bulk load builds the secondary indexes of the search tables once, after the rows, instead of
  // growing them a row at a time (with the filter indexes holding the facet columns, SQLite's load
  // slowed from 4,000 to 2,000 rows a second as they grew: 518 s in all). Triggers read none of them.
  // (asset_words: PostgreSQL only.)
  const tables = `('asset_search', 'asset_categories', 'asset_words')`;
  const deferred = (
    await db.executeQuery<{ name: string; sql: string }>(
      raw(
        dialect === 'sqlite'
          ? `select name, sql from sqlite_master where type = 'index' and sql is not null and tbl_name in ${tables}`
          : `select indexname as name, indexdef as sql from pg_indexes
               where tablename in ${tables} and indexname not like '%_pkey'`,
      ),
    )
  ).rows;
  for (const ix of deferred) await db.executeQuery(raw(`drop index ${ix.name}`));

  if (dialect === 'sqlite') {
    // One connection (the app's): bulk settings for the seed only; they end with the connection.
    await db.executeQuery(raw(`pragma synchronous = off`));
    await db.executeQuery(raw(`pragma cache_size = -200000`));
    while (written < assetCount) {
      const n = Math.min(ROWS_PER_TRANSACTION, assetCount - written);
      await db.transaction().execute(async (trx) => {
        for (let done = 0; done < n; done += ROWS_PER_STATEMENT) {
          const k = Math.min(ROWS_PER_STATEMENT, n - done);
          const params: Value[] = [];
          for (let j = 0; j < k; j++) params.push(...asset(written + done + j + 1));
          await trx.executeQuery(raw(k === ROWS_PER_STATEMENT ? fullSqlite : sqliteStatement(k), params));
        }
      });
      written += n;
      report();
    }
  } else {
    // Two connections, so one batch is built while the other is written; async commit for the seed.
    const lanes = 2;
    let claimed = 0;
    await Promise.all(
      Array.from({ length: lanes }, () =>
        db.connection().execute(async (conn) => {
          await conn.executeQuery(raw(`set synchronous_commit = off`));
          while (claimed < assetCount) {
            const start = claimed;
            const n = Math.min(ROWS_PER_STATEMENT, assetCount - start);
            claimed += n;
            const arrays: Value[][] = COLS.map(() => new Array<Value>(n));
            for (let j = 0; j < n; j++) {
              const row = asset(start + j + 1);
              for (let c = 0; c < row.length; c++) arrays[c]![j] = row[c]!;
            }
            await conn.executeQuery(raw(pgStatement, arrays as unknown as Value[]));
            written += n;
            report();
          }
        }),
      ),
    );
  }
  phase('assets_s');
  const assetsSeconds = phases.assets_s!;
  for (const ix of deferred) await db.executeQuery(raw(ix.sql));
  phase('indexes_s');

  // SQLite: the FTS index in one segment, as the server's search.ftsMerge job merges a live one,
  // not in the many the batches wrote (searches would be timed on an index no deployment keeps).
  if (dialect === 'sqlite') {
    await db.executeQuery(raw(`insert into assets_fts (assets_fts) values ('optimize')`));
    phase('fts_optimize_s');
  }

  // ---- A year of downloads, counted by the server's own code (with the dashboard's counters).
  const firstAsset = await db
    .selectFrom('assets')
    .select((eb) => eb.fn.min('id').as('m'))
    .where('brand_id', '=', brandId)
    .executeTakeFirstOrThrow();
  const loaders = await db
    .selectFrom('users')
    .select('id')
    .where('email', 'like', 'bench-load-%')
    .orderBy('id')
    .limit(100)
    .execute();
  const downloads = await seedDownloads(db, {
    brandId,
    firstAssetId: Number(firstAsset.m),
    assets: assetCount,
    people: [userIds.member!, userIds.manager!, admin.id, ...loaders.map((u) => u.id)],
    events: downloadEvents,
    days: 365,
    rand,
    report: (done) => {
      if (performance.now() - lastReport < 10_000) return;
      lastReport = performance.now();
      process.stderr.write(`seed: ${done}/${downloadEvents} downloads\n`);
    },
  });
  phase('downloads_s');

  // Planner statistics, as a live database would have them (on PostgreSQL also the visibility map
  // autovacuum would soon write, which index-only scans depend on).
  if (dialect === 'sqlite') {
    await db.executeQuery(raw(`analyze`));
    await db.executeQuery(raw(`pragma wal_checkpoint(truncate)`));
  } else {
    await db.executeQuery(raw(`vacuum analyze`));
  }
  phase('analyze_s');

  const biggest = await db
    .selectFrom('assets')
    .select(['folder_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('brand_id', '=', brandId)
    .groupBy('folder_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirst();
  const total = Number(
    (
      await db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('brand_id', '=', brandId)
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const totalS = (performance.now() - t0) / 1000;
  console.log(
    JSON.stringify(
      {
        database: dialect,
        target: describeDb(databaseUrl, dataDir),
        brand_id: brandId,
        root_folder_id: root.id,
        folders: folders.length,
        folder_max_depth: Math.max(...folders.map((f) => f.depth)),
        private_folders: folders.filter((f) => f.visibility === 'PRIVATE').length,
        assets: total,
        assets_private: counts.PRIVATE,
        assets_inactive: counts.INACTIVE,
        assets_by_type: counts.byType,
        biggest_folder: biggest ? { id: biggest.folder_id, assets: Number(biggest.n) } : null,
        common_word: { word: COMMON_WORD, assets_with_keyword: common },
        rare_word: { word: RARE_WORD, assets: rare },
        downloads: { events: downloads.events, download_count_rows: downloads.rows, days: 365 },
        users: {
          password: BENCH_PASSWORD,
          admin: USERS.admin,
          manager: USERS.manager,
          member: USERS.member,
          guest: USERS.guest,
          load_users: loadUsers,
        },
        rows_per_statement: ROWS_PER_STATEMENT,
        asset_rows_per_s: Math.round(assetCount / Math.max(assetsSeconds, 1e-3)),
        phases_s: phases,
        total_s: round(totalS),
        target_total_s: 600,
      },
      null,
      2,
    ),
  );
} finally {
  await handle.close();
}
