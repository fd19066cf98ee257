import { sql } from 'kysely';
import type { RawBuilder, Selectable, Updateable } from 'kysely';
import type { Db, Dialect } from '../../db/index.js';
import type { FoldersTable } from '../../db/schema.js';
import type { FolderForUser } from '../../access/principal.js';
import { compiledOnce } from '../../db/compiledOnce.js';
import { keptPlan } from '../../db/pgStatements.js';
import { folderTrashRepo } from './folders.trash.repo.js';
import { hiddenIn } from '../access/privacy.js';
import type { Sight } from '../access/privacy.js';

export type FolderRow = Selectable<FoldersTable>;

/** From this many folders, `cardFigures` runs without PostgreSQL's JIT (see there). */
const JIT_FROM = 40;
export type { FolderForUser };

/** Every column of `folders` (the compiler checks none is missing), for reading them under a prefix. */
const FOLDER_COLUMNS = Object.keys({
  id: true,
  brand_id: true,
  parent_id: true,
  name: true,
  visibility: true,
  private_path: true,
  status: true,
  image_key: true,
  path: true,
  depth: true,
  created_by: true,
  created_at: true,
  updated_at: true,
  trashed_at: true,
  trashed_by: true,
  trash_root: true,
} satisfies Record<keyof FolderRow, true>) as (keyof FolderRow)[];

/** Every folder column as `<prefix><column>`, beside another table's columns in one row. */
export const folderColumnsAs = (prefix: string) =>
  FOLDER_COLUMNS.map((c) => sql.ref(`folders.${c}`).as(`${prefix}${c}`));

/**
 * What a folder request checks beside the folder (joined with `brands`): the brand's status,
 * whether `user` (a value or a column) is assigned to the brand, and its search generation.
 * Shared with the sign-in statement that reads a folder route's folder with the token (`prefix`
 * keeps its names apart from the user's).
 */
export function folderChecks<P extends string = ''>(user: number | RawBuilder<number>, prefix = '' as P) {
  return [
    sql<string>`brands.status`.as(`${prefix}brand_status` as `${P}brand_status`),
    sql<number>`case when exists (select 1 from user_brands ub
      where ub.brand_id = folders.brand_id and ub.user_id = ${user}) then 1 else 0 end`.as(
      `${prefix}member` as `${P}member`,
    ),
    sql<number | null>`(select sg.n from search_generations sg where sg.brand_id = folders.brand_id)`.as(
      `${prefix}search_generation` as `${P}search_generation`,
    ),
  ] as const;
}

/**
 * The folder tree. `path` holds the ancestor ids including the folder's own ("/1/5/9/"), so a
 * subtree is one prefix match; `private_path` caches "this folder or an ancestor is PRIVATE".
 */
export function foldersRepo(db: Db) {
  const active = () => db.selectFrom('folders').where('folders.status', '=', 'ACTIVE');
  const byIdForUser = compiledOnce(db, (id: number, userId: number) =>
    active()
      .innerJoin('brands', 'brands.id', 'folders.brand_id')
      .selectAll('folders')
      .select(folderChecks(userId))
      .where('folders.id', '=', id)
      .modifyEnd(keptPlan),
  );

  async function recomputePrivate(pathPrefix: string) {
    await db
      .updateTable('folders')
      .set({
        private_path: sql<number>`case when exists (select 1 from folders a where a.brand_id = folders.brand_id and a.visibility = 'PRIVATE' and folders.path like a.path || '%') then 1 else 0 end`,
      })
      .where('path', 'like', `${pathPrefix}%`)
      .execute();
  }

  return {
    ...folderTrashRepo(db, recomputePrivate),

    byId: (id: number) => active().selectAll().where('id', '=', id).executeTakeFirst(),

    /**
     * The folder with its brand's status, whether the user is assigned to the brand and the
     * brand's search generation: one round trip for what every folder request checks first.
     */
    byIdForUser: async (id: number, userId: number): Promise<FolderForUser | undefined> =>
      (await byIdForUser(id, userId))[0],

    rootOf: (brandId: number) =>
      active().selectAll().where('brand_id', '=', brandId).where('parent_id', 'is', null).executeTakeFirst(),

    async rootsOf(brandIds: number[]): Promise<Map<number, number>> {
      if (!brandIds.length) return new Map();
      const rows = await active()
        .select(['id', 'brand_id'])
        .where('brand_id', 'in', brandIds)
        .where('parent_id', 'is', null)
        .execute();
      return new Map(rows.map((r) => [r.brand_id, r.id]));
    },

    async createRoot(brandId: number, name: string, userId: number, at: string) {
      return this.insert({ brand_id: brandId, parent: null, name, visibility: 'PUBLIC', created_by: userId, at });
    },

    /** Inserts, then sets the path from the new id (one extra write, inside the caller's transaction). */
    async insert(f: {
      brand_id: number;
      parent: FolderRow | null;
      name: string;
      visibility: string;
      created_by: number;
      at: string;
    }) {
      const { id } = await db
        .insertInto('folders')
        .values({
          brand_id: f.brand_id,
          parent_id: f.parent?.id ?? null,
          name: f.name,
          visibility: f.visibility,
          private_path: f.visibility === 'PRIVATE' || f.parent?.private_path ? 1 : 0,
          status: 'ACTIVE',
          image_key: null,
          path: '/',
          depth: (f.parent?.depth ?? -1) + 1,
          created_by: f.created_by,
          created_at: f.at,
          updated_at: f.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('folders')
        .set({ path: `${f.parent?.path ?? '/'}${id}/` })
        .where('id', '=', id)
        .execute();
      return id;
    },

    /** Every active folder of a brand, ordered so parents come before children; PRIVATE pruned for guests. */
    tree(brandId: number, opts: { withPrivate: boolean; under?: string }) {
      let q = active().select(['id', 'parent_id', 'name', 'visibility', 'path']).where('brand_id', '=', brandId);
      if (!opts.withPrivate) q = q.where('private_path', '=', 0);
      if (opts.under) q = q.where('path', 'like', `${opts.under}%`);
      return q.orderBy('depth').orderBy('name').execute();
    },

    children(parentId: number, withPrivate: boolean) {
      let q = active().selectAll().where('parent_id', '=', parentId);
      if (!withPrivate) q = q.where('private_path', '=', 0);
      return q.orderBy('name').execute();
    },

    /** Ancestors named for breadcrumbs, root first. */
    async crumbs(path: string) {
      const ids = path.split('/').filter(Boolean).map(Number);
      const rows = await db
        .selectFrom('folders')
        .select(['id', 'name', 'depth'])
        .where('id', 'in', ids)
        .orderBy('depth')
        .execute();
      return rows.map((r) => ({ id: r.id, name: r.name }));
    },

    async crumbsMany(paths: string[]): Promise<Map<number, string>> {
      const ids = [...new Set(paths.flatMap((p) => p.split('/').filter(Boolean).map(Number)))];
      if (!ids.length) return new Map();
      const rows = await db.selectFrom('folders').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    async update(id: number, patch: Updateable<FoldersTable>, recompute: boolean) {
      await db.updateTable('folders').set(patch).where('id', '=', id).execute();
      if (recompute) {
        const row = await db.selectFrom('folders').select('path').where('id', '=', id).executeTakeFirstOrThrow();
        await recomputePrivate(row.path);
      }
    },

    /** Rewrites the subtree's path prefix and depth under the new parent, then its privacy. */
    async move(folder: FolderRow, parent: FolderRow, at: string) {
      const newPath = `${parent.path}${folder.id}/`;
      const shift = parent.depth + 1 - folder.depth;
      await db
        .updateTable('folders')
        .set({ parent_id: parent.id, updated_at: at })
        .where('id', '=', folder.id)
        .execute();
      await db
        .updateTable('folders')
        .set({
          path: sql<string>`${newPath} || substr(path, ${folder.path.length + 1})`,
          depth: sql<number>`depth + ${shift}`,
        })
        .where('path', 'like', `${folder.path}%`)
        .execute();
      await recomputePrivate(newPath);
    },

    subtreeIds: async (path: string) =>
      (await db.selectFrom('folders').select('id').where('path', 'like', `${path}%`).execute()).map((r) => r.id),

    /** Deletes the folders of a subtree (their assets and versions go by cascade); returns how many. */
    async deleteSubtree(path: string) {
      // Counted first: the cascade from a parent deletes its children before the statement reaches them.
      const { n } = await db
        .selectFrom('folders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('path', 'like', `${path}%`)
        .executeTakeFirstOrThrow();
      await db.deleteFrom('folders').where('path', 'like', `${path}%`).execute();
      return Number(n);
    },

    /** Active subfolders under each folder (whole subtree; PRIVATE ones only `withPrivate`), one grouped query. */
    async subfolders(ids: number[], withPrivate: boolean) {
      if (!ids.length) return [];
      const vis = withPrivate ? sql`1 = 1` : sql`sub.private_path = 0`;
      const folders = await sql<{ id: number; n: number }>`
        select f.id as id, count(sub.id) - 1 as n from folders f
        join folders sub on sub.path like f.path || '%' and sub.status = 'ACTIVE' and (${vis} or sub.id = f.id)
        where f.id in (${sql.join(ids)}) group by f.id`.execute(db);
      return folders.rows.map((r) => ({ id: Number(r.id), folders: Number(r.n) }));
    },

    async imageKeysUnder(path: string) {
      const rows = await db
        .selectFrom('folders')
        .select('image_key')
        .where('path', 'like', `${path}%`)
        .where('image_key', 'is not', null)
        .execute();
      return rows.map((r) => r.image_key!);
    },

    /**
     * What the cards of these folders show, in one statement whatever their number: per folder,
     * the ACTIVE assets of its whole subtree that the caller sees (summed from the counters of
     * `folder_asset_totals`, never counted in `assets`), and the thumbnails of the latest of them,
     * newest first. Each subtree folder gives its own latest 4 through the (folder_id, active,
     * sort_date) index of `asset_search`, so the cost follows the number of folders, not of assets.
     * Subtrees are a range of `path` ("/1/5/" up to "/1/50", as "/" sorts just before "0"), which
     * the path index answers, unlike a LIKE on a column.
     */
    async cardFigures(ids: number[], sight: Sight, dialect: Dialect) {
      const out = new Map<number, { assets: number; mosaic: { brand_id: number; thumb_key: string }[] }>();
      if (!ids.length) return out;
      const classes = hiddenIn(sight);
      const subVis = sight.withPrivate ? sql`1 = 1` : sql`sub.private_path = 0`;
      const totalVis = classes ? sql`t.is_private in (${sql.join(classes)})` : sql`1 = 1`;
      const assetVis = classes ? sql`s.hidden in (${sql.join(classes)})` : sql`1 = 1`;
      const agg =
        dialect === 'postgres'
          ? sql`json_agg(json_build_array(x.sort_date, x.asset_id, x.brand_id, x.thumb_key))`
          : sql`json_group_array(json_array(x.sort_date, x.asset_id, x.brand_id, x.thumb_key))`;
      const statement = sql<{ id: number; assets: number | string | null; latest: unknown }>`
        select f.id as id,
          (select sum(t.assets) from folder_asset_totals t where t.folder_id = sub.id and ${totalVis}) as assets,
          (select ${agg} from (
            select s.sort_date, s.asset_id, a.brand_id, a.thumb_key from asset_search s
            join assets a on a.id = s.asset_id
            where s.folder_id = sub.id and s.active = 1 and ${assetVis} and a.thumb_key is not null
            order by s.sort_date desc, s.asset_id desc limit 4) x) as latest
        from folders f
        join folders sub on sub.path >= f.path and sub.path < substr(f.path, 1, length(f.path) - 1) || '0'
          and sub.status = 'ACTIVE' and (${subVis} or sub.id = f.id)
        where f.id in (${sql.join(ids)})`;
      // PostgreSQL guesses ~45 folders a subtree, so its estimate (1,000 to 2,300 a folder) can pass
      // jit_above_cost (100,000) from about 45 folders, and compiling the plan (~75 ms) costs more
      // than running it (~25 ms for 200): JIT is off for it then, in a transaction of its own.
      const r =
        dialect === 'postgres' && ids.length >= JIT_FROM && !db.isTransaction
          ? await db.transaction().execute(async (trx) => {
              await sql`set local jit = off`.execute(trx);
              return statement.execute(trx);
            })
          : await statement.execute(db);
      const latest = new Map<number, [string, number, number, string][]>();
      for (const row of r.rows) {
        const id = Number(row.id);
        const o = out.get(id) ?? { assets: 0, mosaic: [] };
        o.assets += Number(row.assets ?? 0);
        out.set(id, o);
        const l = typeof row.latest === 'string' ? JSON.parse(row.latest) : row.latest;
        if (Array.isArray(l)) latest.set(id, [...(latest.get(id) ?? []), ...(l as [string, number, number, string][])]);
      }
      for (const [id, l] of latest) {
        l.sort((a, b) => (a[0] === b[0] ? Number(b[1]) - Number(a[1]) : a[0] < b[0] ? 1 : -1));
        out.get(id)!.mosaic = l.slice(0, 4).map((x) => ({ brand_id: Number(x[2]), thumb_key: x[3] }));
      }
      return out;
    },

    /** An ACTIVE folder under `parentId` named `name` (case-insensitive), other than `exceptId`. */
    async siblingNamed(parentId: number, name: string, exceptId = 0) {
      const row = await active()
        .select('id')
        .where('parent_id', '=', parentId)
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .where('id', '<>', exceptId)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    byIds: (ids: number[]) =>
      ids.length ? active().selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
  };
}
export type FoldersRepo = ReturnType<typeof foldersRepo>;
