import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';
import { jobSchemas } from '../../jobs/payloads.js';
import { defineHandler } from '../../jobs/types.js';

/**
 * SQLite: merges the FTS5 index's segments (one per small write, and a search reads them all) back
 * towards one, as 'optimize' would, but in steps of about `pages` pages with the event
 * loop free between them, since the server has one connection and 'optimize' holds it for seconds
 * at a million assets. Stops when a step finds nothing to merge or after `budgetMs`; FTS5 keeps an
 * unfinished merge in the index, and the next run goes on from there. PostgreSQL maintains its GIN
 * index itself.
 *
 * What it buys: a common word's page is found by asking the index about one row after another, and
 * each such probe reads every segment (at a million assets, 15 segments: a 30 ms page; one: 3 ms).
 * What it costs: a merge to one segment rewrites the whole index (about 6 s of steps at a million),
 * so it starts only past `minSegments`; a merge under way keeps the count up until it is done.
 * A step mostly takes a few ms, but a very common word is merged in one piece (up to ~140 ms at a
 * million assets): FTS5 checks the page budget only between words.
 */
export const searchFtsMerge = defineHandler({
  schema: jobSchemas['search.ftsMerge'],
  async run({ pages, budgetMs, minSegments }, { repos, dialect, log, signal }) {
    if (dialect !== 'sqlite') return;
    const repo = repos.searchMaintenance;
    if ((await repo.ftsSegments()) <= minSegments) return;
    const start = performance.now();
    let steps = 0;
    let done = false;
    while (!signal.aborted && performance.now() - start < budgetMs) {
      if (!(await repo.ftsMergeStep(pages))) {
        done = true;
        break;
      }
      steps++;
      await setImmediate();
    }
    if (steps) log.info({ steps, done, ms: Math.round(performance.now() - start) }, 'merged search index segments');
  },
});
