import { sql } from 'kysely';
import type { Db } from '../../db/index.js';

/**
 * SQLite only: upkeep of the FTS5 index, which grows a b-tree segment per small write transaction
 * and reads every segment for each word searched (see the search.ftsMerge job).
 */
export function searchMaintenanceRepo(db: Db) {
  return {
    /**
     * Hands back what the connection holds of the file during a bulk write (issue 43 §6): its
     * page cache, where every page a write touches is copied and stays (over 100 MB in a
     * 50,000-row template apply), and the pages read through the memory map, which count in the
     * process's RSS until unmapped (136 MiB at that apply's end). Changing mmap_size unmaps the
     * file (SQLite maps it again at the next read; the kernel still caches the pages), so it is
     * set to 0 and back, on one held connection so no other statement runs in between.
     */
    async releaseCache(): Promise<void> {
      await db.connection().execute(async (c) => {
        await sql`pragma shrink_memory`.execute(c);
        const size = (await sql<{ mmap_size: number }>`pragma mmap_size`.execute(c)).rows[0]?.mmap_size ?? 0;
        if (size <= 0) return;
        await sql`pragma mmap_size = 0`.execute(c);
        await sql`pragma mmap_size = ${sql.lit(size)}`.execute(c);
      });
    },

    /**
     * One step of FTS5's incremental merge, writing about `pages` pages. A negative budget merges
     * every segment into one (an incremental 'optimize'), where a positive one would only merge
     * levels that automerge would. FTS5 documents a change count below 2 as a step with nothing to
     * merge; the connection is held so no other statement's changes are counted with it.
     */
    async ftsMergeStep(pages: number): Promise<boolean> {
      return db.connection().execute(async (c) => {
        const changes = async () => (await sql<{ n: number }>`select total_changes() as n`.execute(c)).rows[0]!.n;
        const before = await changes();
        await sql`insert into assets_fts (assets_fts, rank) values ('merge', ${-pages})`.execute(c);
        return (await changes()) - before >= 2;
      });
    },

    /**
     * Segments in the FTS index. A data row's id holds its segment id above bit 37 (FTS5's own
     * layout), so this seeks once per segment instead of reading the whole index.
     */
    async ftsSegments(): Promise<number> {
      const { rows } = await sql<{ n: number }>`
        with recursive seg(id) as (
          select (select min(id) from assets_fts_data where id >= 1 << 37) >> 37
          union all
          select (select min(id) from assets_fts_data where id >= (seg.id + 1) << 37) >> 37
          from seg where seg.id is not null
        )
        select count(id) as n from seg`.execute(db);
      return rows[0]!.n;
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    searchMaintenance: ReturnType<typeof searchMaintenanceRepo>;
  }
}
