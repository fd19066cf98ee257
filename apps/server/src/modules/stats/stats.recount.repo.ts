import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { HIDDEN_ALONE_SQL } from './stats.repo.js';

type Totals = { assets: number | string; bytes: number | string; downloads: number | string };

/**
 * Checks the assets counters against the rows they stand for, by scanning the assets table (tests,
 * and an operator who doubts them; never a request). Answers each folder, visibility and type
 * whose counter differs from the recount, as `key: counted → actual`; none when all agree.
 */
export async function countersMatchRows(db: Db): Promise<string[]> {
  const actual = await sql<{ folder_id: number; is_private: number; type: string } & Totals>`
    select a.folder_id, ${sql.raw(HIDDEN_ALONE_SQL)} as is_private, a.type,
      count(*) as assets, sum(a.size) as bytes, coalesce(sum(d.n), 0) as downloads
    from assets a
    left join (select asset_id, sum(count) as n from download_counts group by asset_id) d on d.asset_id = a.id
    where a.status = 'ACTIVE'
    group by a.folder_id, ${sql.raw(HIDDEN_ALONE_SQL)}, a.type`.execute(db);
  const counted = await db
    .selectFrom('folder_asset_totals')
    .select(['folder_id', 'is_private', 'type', 'assets', 'bytes', 'downloads'])
    .where((eb) => eb.or([eb('assets', '<>', 0), eb('bytes', '<>', 0), eb('downloads', '<>', 0)]))
    .execute();
  const key = (r: { folder_id: number; is_private: number; type: string }) =>
    `${r.folder_id}/${Number(r.is_private)}/${r.type}`;
  const show = (r: Totals | undefined) =>
    r ? `${Number(r.assets)} assets, ${Number(r.bytes)} bytes, ${Number(r.downloads)} downloads` : 'none';
  const want = new Map(actual.rows.map((r) => [key(r), r]));
  const have = new Map(counted.map((r) => [key(r), r]));
  const out: string[] = [];
  for (const k of new Set([...want.keys(), ...have.keys()])) {
    const [a, c] = [want.get(k), have.get(k)];
    if (show(a) !== show(c)) out.push(`${k}: ${show(c)} → ${show(a)}`);
  }
  return out;
}
