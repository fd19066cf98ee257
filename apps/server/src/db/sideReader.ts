import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import type { Db } from './index.js';

/**
 * A second, read-only SQLite connection on a worker thread: better-sqlite3 runs each statement
 * on the thread that calls it, so one connection does one thing at a time, and a search whose
 * page and facets are two slow statements (a common word's walk of the sort index beside its
 * count and facets) waits for their sum. On this connection a statement runs beside the main
 * one, on the other core. WAL lets both read at once; a read here may see a write the other
 * connection's statement began before, as any two requests may.
 */
export interface SideReader {
  /** The query's rows, as Kysely would give them. */
  rows<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** A page of ids from a walk whose rows are checked against a member set (see `MembersWalk`). */
  walkMembers(w: MembersWalk): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * A page walked in JavaScript: `walk`'s ids (in page order) that are in the member set, past the
 * first `offset`, at most `limit`. The set is read once from `members` (one row: `top`, the
 * greatest id, and `ids`, every id comma-separated) and kept under `key` (eight sets at most).
 * Checking a row against a bit costs ~0.1 µs where asking FTS5 costs 7 to 40 µs, and a set of
 * 600,000 ids takes ~40 ms to read. With `unlessKept`, when no set is kept under `key`, that
 * query's ids are the page instead (a page near the start, which costs less than the set).
 */
export interface MembersWalk {
  key: string;
  members: CompiledQuery;
  walk: CompiledQuery;
  offset: number;
  limit: number;
  unlessKept?: CompiledQuery;
}

/** `query`'s rows on the side connection when there is one, else on `db` (the pool, on PostgreSQL). */
export async function rowsBeside<R>(db: Db, side: (() => SideReader) | undefined, query: CompiledQuery<R>) {
  return side ? side().rows(query) : (await db.executeQuery(query)).rows;
}

// Plain JavaScript, so the worker needs no TypeScript loader (the server may run under tsx).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('mmap_size = ' + workerData.mmapBytes);
db.pragma('cache_size = -' + workerData.cacheKb);
const kept = new Map();
function statement(sql, pluck) {
  const key = (pluck ? 'p ' : 'r ') + sql;
  let st = kept.get(key);
  if (!st) {
    st = db.prepare(sql).pluck(pluck);
    kept.set(key, st);
    if (kept.size > 100) kept.delete(kept.keys().next().value);
  }
  return st;
}
const sets = new Map();
function membersOf(key, q) {
  const bits = sets.get(key);
  sets.delete(key);
  if (bits) return sets.set(key, bits).get(key);
  const { top, ids } = statement(q.sql, false).get(...q.parameters) || {};
  const set = new Uint8Array(Math.floor(Number(top || 0) / 8) + 1);
  const text = ids || '';
  let v = 0;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c !== 44) v = v * 10 + c - 48;
    else if (i > 0) {
      set[v >>> 3] |= 1 << (v & 7);
      v = 0;
    }
  }
  sets.set(key, set);
  if (sets.size > 8) sets.delete(sets.keys().next().value);
  return set;
}
function walkMembers(w) {
  if (w.unlessKept && !sets.has(w.key)) return statement(w.unlessKept.sql, true).all(...w.unlessKept.parameters);
  const set = membersOf(w.key, w.members);
  const out = [];
  let seen = 0;
  if (w.limit <= 0) return out;
  for (const id of statement(w.walk.sql, true).iterate(...w.walk.parameters)) {
    if (!(set[id >>> 3] & (1 << (id & 7))) || seen++ < w.offset) continue;
    out.push(id);
    if (out.length === w.limit) break;
  }
  return out;
}
parentPort.on('message', ({ id, sql, params, walk }) => {
  try {
    parentPort.postMessage({ id, rows: walk ? walkMembers(walk) : statement(sql, false).all(...params) });
  } catch (err) {
    parentPort.postMessage({ id, error: String((err && err.message) || err) });
  }
});
`;

/** `mmapBytes`: as the main connection maps; `cacheKb`: this connection's own page cache. */
export function sideReader(file: string, mmapBytes: number, cacheKb = 64 * 1024): SideReader {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER, { eval: true, workerData: { file, module, mmapBytes, cacheKb } });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (err: Error) => void }>();
  let next = 0;
  let failed: Error | null = null;
  // Held open only while a statement is out: an idle reader never keeps the process alive.
  worker.unref();
  const settle = (id: number) => {
    const w = waiting.get(id);
    waiting.delete(id);
    if (!waiting.size) worker.unref();
    return w;
  };
  worker.on('message', (m: { id: number; rows?: unknown[]; error?: string }) => {
    const w = settle(m.id);
    if (m.error !== undefined) w?.reject(new Error(m.error));
    else w?.resolve(m.rows ?? []);
  });
  const fail = (err: Error) => {
    failed = err;
    for (const id of [...waiting.keys()]) settle(id)?.reject(err);
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(failed ?? new Error('the side reader has stopped')));
  const send = <R>(message: object) => {
    if (failed) return Promise.reject(failed);
    const id = next++;
    return new Promise<R[]>((resolve, reject) => {
      waiting.set(id, { resolve: (rows) => resolve(rows as R[]), reject });
      worker.ref();
      worker.postMessage({ id, ...message });
    });
  };
  const plain = (q: CompiledQuery) => ({ sql: q.sql, parameters: q.parameters });
  return {
    rows: <R>(query: CompiledQuery<R>) => send<R>({ sql: query.sql, params: query.parameters }),
    walkMembers: (w: MembersWalk) =>
      send<number>({
        walk: {
          ...w,
          members: plain(w.members),
          walk: plain(w.walk),
          unlessKept: w.unlessKept && plain(w.unlessKept),
        },
      }),
    async close() {
      failed ??= new Error('the side reader is closed');
      await worker.terminate();
    },
  };
}
