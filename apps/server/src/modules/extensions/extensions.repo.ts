import type { Status } from '@brandvault/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { paged } from '../../db/paged.js';

export interface ExtensionFilter {
  q?: string;
  status?: Status;
}

export function extensionsRepo(db: Db) {
  return {
    page(f: ExtensionFilter, page: number, perPage: number) {
      let q = db.selectFrom('extensions');
      if (f.status) q = q.where('status', '=', f.status);
      if (f.q) {
        const like = `%${f.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        // Both dialects take an explicit escape character, so a typed % or _ matches itself.
        q = q.where(sql<boolean>`(name like ${like} escape '\\' or mime_type like ${like} escape '\\')`);
      }
      return paged(q, (q) => q.selectAll().orderBy('name').orderBy('id'), page, perPage);
    },

    active: () => db.selectFrom('extensions').select(['name', 'asset_type']).where('status', '=', 'ACTIVE').execute(),

    byId: (id: number) => db.selectFrom('extensions').selectAll().where('id', '=', id).executeTakeFirst(),

    insert: (row: { name: string; mime_type: string; asset_type: string; status: Status; at: string }) =>
      db
        .insertInto('extensions')
        .values({
          name: row.name,
          mime_type: row.mime_type,
          asset_type: row.asset_type,
          status: row.status,
          created_at: row.at,
          updated_at: row.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.id)),

    setStatus: (id: number, status: Status, at: string) =>
      db.updateTable('extensions').set({ status, updated_at: at }).where('id', '=', id).execute(),
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    extensions: ReturnType<typeof extensionsRepo>;
  }
}
