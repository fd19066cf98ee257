import type { Db, Dialect } from '../../apps/server/src/db/index.js';
import { raw } from '../lib/common.js';
import { LEVEL2, LEVEL4, SEASONS, SUBJECTS, TOP_FOLDERS } from '../lib/vocab.js';
import type { Distributions } from './distributions.js';

export interface SeedFolder {
  id: number;
  parent: SeedFolder | null;
  name: string;
  depth: number;
  path: string;
  priv: boolean;
  visibility: string;
  children: number;
}

/**
 * The bench brand's folder tree, written with explicit ids (so paths are written in one pass),
 * breadth first: `folderCount` folders under the brand's root, ~4% of them PRIVATE.
 */
export async function seedFolderTree(
  db: Db,
  dialect: Dialect,
  o: { brandId: number; adminId: number; now: string; folderCount: number; rand: () => number; dist: Distributions },
) {
  const { brandId, now, folderCount, rand } = o;
  const { int, pickUniform } = o.dist;
  const maxId = await db
    .selectFrom('folders')
    .select((eb) => eb.fn.max('id').as('m'))
    .executeTakeFirst();
  let nextId = Number(maxId?.m ?? 0) + 1;
  const root: SeedFolder = {
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
  const folders: SeedFolder[] = [root];
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
      const f: SeedFolder = {
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
          created_by: o.adminId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }
  if (dialect === 'postgres')
    await db.executeQuery(raw(`select setval(pg_get_serial_sequence('folders', 'id'), (select max(id) from folders))`));
  return { root, folders };
}
