import { watch } from 'node:fs';
import type { SyncSettings } from '../../config/config.js';
import type { Repos } from '../../deps/repos.js';
import type { JobLog } from '../../jobs/types.js';
import type { Clock } from '../../lib/clock.js';
import type { RunTx } from '../../unitOfWork/unitOfWork.js';
import { requestRun } from './sync.runs.js';

/**
 * The watcher: a hint, never the truth. A worker subscribes to each enabled source that watches
 * (`@parcel/watcher`: inotify, FSEvents, ReadDirectoryChangesW; node's recursive fs.watch when the
 * native module cannot load) and, once changes have been quiet for `debounceMs`, asks for a run
 * with trigger `watch` (one run per source at a time, as always). A network share seldom sends
 * events; the scheduled scan finds what the watcher missed. Failures are logged, never fatal.
 */

type Unsubscribe = () => Promise<void>;
type Subscribe = (dir: string, onChange: () => void, onError: (err: unknown) => void) => Promise<Unsubscribe>;

async function parcelSubscribe(): Promise<Subscribe | null> {
  try {
    const parcel = await import('@parcel/watcher');
    return async (dir, onChange, onError) => {
      const sub = await parcel.subscribe(dir, (err, events) => (err ? onError(err) : events.length && onChange()), {
        ignore: ['**/.*', '**/@eaDir/**', '**/#recycle/**'],
      });
      return () => sub.unsubscribe();
    };
  } catch {
    return null;
  }
}

const fsSubscribe: Subscribe = async (dir, onChange, onError) => {
  const w = watch(dir, { recursive: true, persistent: false }, () => onChange());
  w.on('error', onError);
  return async () => w.close();
};

export interface SyncWatcherOptions {
  /** The repositories over the database, for reading the sources. */
  repos: Pick<Repos, 'sync'>;
  /** The transaction a run is asked for in (the worker is woken once it has committed). */
  tx: RunTx<Repos>;
  clock: Clock;
  log: JobLog;
  settings: SyncSettings;
  debounceMs?: number;
  /** How often the list of watched sources is read again (sources added, changed, removed). */
  refreshMs?: number;
  /** Called after a run was asked for (the in-process worker is woken). */
  onRun?: (sourceId: number, runId: number) => void;
  /** Test seam: the subscription (default @parcel/watcher, else fs.watch). */
  subscribe?: Subscribe;
}

export async function startSyncWatcher(o: SyncWatcherOptions) {
  const debounceMs = o.debounceMs ?? 5000;
  const subscribe = o.subscribe ?? (await parcelSubscribe()) ?? fsSubscribe;
  const subs = new Map<number, { path: string; stop: Unsubscribe; timer?: NodeJS.Timeout }>();
  let stopped = false;

  const fire = (id: number) => {
    requestRun(o.repos, o.clock, id, 'watch', { within: o.tx })
      .then(({ runId, created }) => {
        if (created) o.log.info({ sourceId: id, runId }, 'sync: a change was seen; run queued');
        o.onRun?.(id, runId);
      })
      .catch((err: unknown) => o.log.warn({ err, sourceId: id }, 'sync: the watcher could not queue a run'));
  };

  async function refresh() {
    if (stopped) return;
    let wanted: { id: number; path: string }[];
    try {
      wanted = await o.repos.sync.watchedSources();
    } catch (err) {
      o.log.warn({ err }, 'sync: the watcher could not read its sources');
      return;
    }
    const want = new Map(wanted.map((s) => [s.id, s.path]));
    for (const [id, sub] of subs)
      if (want.get(id) !== sub.path) {
        subs.delete(id);
        clearTimeout(sub.timer);
        await sub.stop().catch(() => undefined);
      }
    for (const [id, path] of want) {
      if (subs.has(id)) continue;
      try {
        const entry: { path: string; stop: Unsubscribe; timer?: NodeJS.Timeout } = {
          path,
          stop: async () => undefined,
        };
        entry.stop = await subscribe(
          path,
          () => {
            clearTimeout(entry.timer);
            entry.timer = setTimeout(() => fire(id), debounceMs);
            entry.timer.unref();
          },
          (err) => o.log.warn({ err, sourceId: id }, 'sync: watcher error'),
        );
        subs.set(id, entry);
      } catch (err) {
        o.log.warn({ err, sourceId: id, path }, 'sync: cannot watch this source; its schedule still runs');
      }
    }
  }

  await refresh();
  const every = setInterval(() => void refresh(), o.refreshMs ?? 60_000);
  every.unref();
  return {
    /** Reads the sources again now (tests; a saved source is otherwise picked up within refreshMs). */
    refresh,
    watching: () => [...subs.keys()],
    async stop() {
      stopped = true;
      clearInterval(every);
      for (const sub of subs.values()) {
        clearTimeout(sub.timer);
        await sub.stop().catch(() => undefined);
      }
      subs.clear();
    },
  };
}
export type SyncWatcher = Awaited<ReturnType<typeof startSyncWatcher>>;
