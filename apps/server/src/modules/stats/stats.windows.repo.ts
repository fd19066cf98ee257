import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { hiddenIn } from '../access/privacy.js';
import type { Sight } from '../access/privacy.js';

const DAY_MS = 86_400_000;
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Each asset's downloads over the last 7, 30 and 90 days (`download_windows`, migration
 * 2026112615): added to as downloads are counted, each window's oldest day moved on by the
 * `stats.windows` job. A window is current when its first day is today's minus its days plus one.
 */
export function windowsRepo(db: Db) {
  return {
    state: () => db.selectFrom('download_window_state').select(['days', 'first_day']).execute(),

    /** Adds the day's downloads (asset → count) to every window that holds `day`. */
    async add(rows: { brand_id: number; asset_id: number; count: number }[], day: string) {
      if (!rows.length) return;
      const windows = (await this.state()).filter((w) => w.first_day <= day);
      if (!windows.length) return;
      await db
        .insertInto('download_windows')
        .values(windows.flatMap((w) => rows.map((r) => ({ ...r, days: w.days }))))
        .onConflict((oc) =>
          oc
            .columns(['brand_id', 'days', 'asset_id'])
            .doUpdateSet({ count: sql<number>`download_windows.count + excluded.count` }),
        )
        .execute();
    },

    /**
     * The most downloaded assets of one brand's window still there (and seen): the first rows of
     * the window's index, in count order, the removed and hidden ones stepped over.
     */
    top: (brandId: number, days: number, sight: Sight, limit: number) =>
      db
        .selectFrom('download_windows as w')
        .innerJoin('asset_search as s', 's.asset_id', 'w.asset_id')
        .where('w.brand_id', '=', brandId)
        .where('w.days', '=', days)
        .where('s.active', '=', 1)
        .$if(hiddenIn(sight) !== null, (q) => q.where('s.hidden', 'in', hiddenIn(sight)!))
        .select(['w.asset_id', 'w.count'])
        .orderBy('w.count', 'desc')
        .orderBy('w.asset_id', 'desc')
        .limit(limit)
        .execute(),

    /**
     * Moves window `days` on until its first day is `first`: each day that leaves it, its
     * downloads are subtracted, brand by brand, in one transaction that also moves the first day
     * (a re-run after a crash starts from the day not yet done). Answers the days moved.
     */
    async advance(days: number, first: string): Promise<number> {
      let moved = 0;
      for (;;) {
        const w = await db
          .selectFrom('download_window_state')
          .select('first_day')
          .where('days', '=', days)
          .executeTakeFirst();
        if (!w || w.first_day >= first) return moved;
        const day = w.first_day;
        await db.transaction().execute(async (trx) => {
          const brands = await trx.selectFrom('brands').select('id as brand_id').execute();
          for (const { brand_id } of brands) {
            await sql`update download_windows set count = download_windows.count - d.n
              from (select asset_id, sum(count) as n from download_counts
                    where brand_id = ${brand_id} and day = ${day} group by asset_id) d
              where download_windows.brand_id = ${brand_id} and download_windows.days = ${days}
                and download_windows.asset_id = d.asset_id`.execute(trx);
            await trx
              .deleteFrom('download_windows')
              .where('brand_id', '=', brand_id)
              .where('days', '=', days)
              .where('count', '<=', 0)
              .execute();
          }
          await trx
            .updateTable('download_window_state')
            .set({ first_day: nextDay(day) })
            .where('days', '=', days)
            .where('first_day', '=', day)
            .execute();
        });
        moved++;
      }
    },
  };
}

declare module '../../deps/repos.js' {
  interface Repos {
    statsWindows: ReturnType<typeof windowsRepo>;
  }
}
