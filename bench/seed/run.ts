// bench/seed: a brand with a realistic folder tree and N assets, written straight into the
// database in batches (no HTTP), plus one user of each role and the bench:load users. Prints JSON.
//   npm run seed -w bench -- [--assets 1000000] [--folders 2000] [--load-users 500] [--downloads N] [--data-dir ./data-bench]
// --downloads: download events over the last 365 days (default: one per asset).
// PostgreSQL when DATABASE_URL (or --database-url) is set, else SQLite in DATA_DIR. The database must
// not hold a "bench" brand yet (use a fresh DATA_DIR / database).
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { seed } from '../../apps/server/src/seed.js';
import { systemClock } from '../../apps/server/src/lib/clock.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';
import { makeRepos } from '../../apps/server/src/repos.js';
import { newUserRow } from '../../apps/server/src/modules/users/userRow.js';
import { ASSET_COLUMNS, PG_TYPES, assetRows } from './assets.js';
import type { Value } from './assets.js';
import { distributions } from './distributions.js';
import { seedDownloads } from './downloads.js';
import { seedFolderTree } from './folders.js';
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
import { COMMON_WORD, RARE_WORD } from '../lib/vocab.js';

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

const dist = distributions(rand);

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

  const { root, folders } = await seedFolderTree(db, dialect, {
    brandId,
    adminId: admin.id,
    now,
    folderCount,
    rand,
    dist,
  });
  phase('folders_s');

  // Assets per folder: Zipf over a shuffled order of the folders, so a few folders are big (the
  // largest holds ~5% of the brand) and most hold a few hundred at 1M.
  const order = folders.map((f) => f);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const pickFolder = dist.weighted(
    order,
    order.map((_, i) => 1 / (i + 1) ** 0.8),
  );

  // ---- Assets
  const { asset, tally } = assetRows({
    brandId,
    creators: [admin.id, userIds.manager!, userIds.member!],
    pickFolder,
    rand,
    dist,
  });

  const ROWS_PER_STATEMENT = dialect === 'sqlite' ? 200 : 5000;
  const ROWS_PER_TRANSACTION = dialect === 'sqlite' ? 10_000 : 5000;
  const colList = ASSET_COLUMNS.join(', ');
  const tuple = `(${ASSET_COLUMNS.map(() => '?').join(', ')})`;
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
            const arrays: Value[][] = ASSET_COLUMNS.map(() => new Array<Value>(n));
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
        assets_private: tally.PRIVATE,
        assets_expired: tally.expired,
        assets_expiring: tally.expiring,
        assets_pending: tally.pending,
        assets_inactive: tally.INACTIVE,
        assets_by_type: tally.byType,
        biggest_folder: biggest ? { id: biggest.folder_id, assets: Number(biggest.n) } : null,
        common_word: { word: COMMON_WORD, assets_with_keyword: tally.common },
        rare_word: { word: RARE_WORD, assets: tally.rare },
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
