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
  close(): Promise<void>;
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
parentPort.on('message', ({ id, sql, params }) => {
  try {
    let st = kept.get(sql);
    if (!st) {
      st = db.prepare(sql);
      kept.set(sql, st);
      if (kept.size > 100) kept.delete(kept.keys().next().value);
    }
    parentPort.postMessage({ id, rows: st.all(...params) });
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
  return {
    rows<R>(query: CompiledQuery<R>) {
      if (failed) return Promise.reject(failed);
      const id = next++;
      return new Promise<R[]>((resolve, reject) => {
        waiting.set(id, { resolve: (rows) => resolve(rows as R[]), reject });
        worker.ref();
        worker.postMessage({ id, sql: query.sql, params: query.parameters });
      });
    },
    async close() {
      failed ??= new Error('the side reader is closed');
      await worker.terminate();
    },
  };
}
