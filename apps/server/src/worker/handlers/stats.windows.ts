import { iso } from '../../lib/clock.js';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

const DAY_MS = 86_400_000;

/**
 * Moves each download window (the last 7, 30, 90 days: stats.windows.repo) on to today, taking
 * out the days that left it. Cheap when no day has passed; until it runs after midnight the
 * dashboard sums the period's count rows instead (the same figures, slower).
 */
export const statsWindows = defineHandler({
  schema: jobSchemas['stats.windows'],
  async run(_payload, { repos, clock, log }) {
    const today = Date.parse(`${iso(clock.now()).slice(0, 10)}T00:00:00.000Z`);
    const repo = repos.statsWindows;
    let moved = 0;
    for (const w of await repo.state())
      moved += await repo.advance(w.days, iso(new Date(today - (w.days - 1) * DAY_MS)).slice(0, 10));
    if (moved) log.info({ moved }, 'moved the download windows on');
    return { moved };
  },
});
