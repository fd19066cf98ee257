import { Worker } from 'node:worker_threads';

/**
 * Writes tus parts and hashes them (SHA-256) on one worker thread, so that on a small machine
 * receiving (main thread), hashing (worker) and writing (the libuv pool, asynchronously) run side by
 * side: a batch costs max(write, hash), not their sum. Bytes reach the worker in large batches whose
 * memory is transferred, not copied, and handed back for reuse once written.
 *
 * The worker keeps the running hash of each upload between PATCH requests. When it does not have
 * the hash for the offset a PATCH starts at (a restart, a crash of the worker, a part written by
 * another process), it hashes the part of the file already on disk first, so the digest at the end
 * is always that of the whole file and no finished upload is read again.
 */

// Plain JavaScript, run with `eval`: no loader (tsx, vitest) is needed inside the worker.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const writeAt = require('node:util').promisify(fs.write);
const hashes = new Map(); // upload id -> { hash, offset } between requests
const sessions = new Map(); // session id -> { id, fd, hash, position, broken, writes }

function hashPrefix(path, length) {
  const hash = createHash('sha256');
  if (length === 0) return hash;
  const fd = fs.openSync(path, 'r');
  try {
    const buf = Buffer.allocUnsafe(Math.min(8 * 1024 * 1024, length));
    for (let pos = 0; pos < length; ) {
      const n = fs.readSync(fd, buf, 0, Math.min(buf.length, length - pos), pos);
      if (n === 0) throw new Error('upload file is shorter than its offset');
      hash.update(buf.subarray(0, n));
      pos += n;
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash;
}

async function writeAll(fd, data, position) {
  for (let done = 0; done < data.length; ) {
    const { bytesWritten } = await writeAt(fd, data, done, data.length - done, position + done);
    done += bytesWritten;
  }
}

function handle(m) {
  switch (m.op) {
    case 'begin': {
      const known = hashes.get(m.id);
      hashes.delete(m.id);
      const hash = known && known.offset === m.offset ? known.hash : hashPrefix(m.path, m.offset);
      const fd = fs.openSync(m.path, 'r+');
      sessions.set(m.sid, { id: m.id, fd, hash, position: m.offset, broken: false, writes: new Set() });
      return null;
    }
    case 'write': {
      const s = sessions.get(m.sid);
      const data = Buffer.from(m.buf, 0, m.len);
      if (s.broken) throw new Error('an earlier write of this request failed');
      // The write runs on the libuv pool while this thread hashes the same (unchanging) bytes.
      const written = writeAll(s.fd, data, s.position).catch((err) => {
        s.broken = true; // the file may lack bytes the hash has seen: forget the hash at the end
        throw err;
      });
      s.writes.add(written);
      written.then(() => s.writes.delete(written), () => s.writes.delete(written));
      s.hash.update(data);
      s.position += data.length;
      return written.then(() => null);
    }
    case 'end': {
      const s = sessions.get(m.sid);
      if (!s) return null;
      // Every write of the request settles before the offset is told: it is what is on disk.
      return Promise.allSettled([...s.writes]).then(() => {
        sessions.delete(m.sid);
        fs.closeSync(s.fd);
        if (s.broken) return null;
        hashes.set(s.id, { hash: s.hash, offset: s.position });
        return s.position;
      });
    }
    case 'digest': {
      const known = hashes.get(m.id);
      hashes.delete(m.id);
      return known && known.offset === m.size ? known.hash.digest('hex') : null;
    }
    case 'forget':
      hashes.delete(m.id);
      return null;
  }
  throw new Error('unknown op ' + m.op);
}

const answer = (m, reply) => {
  // The batch goes back to the main thread to be filled again.
  if (m.buf) parentPort.postMessage({ ...reply, buf: m.buf }, [m.buf]);
  else parentPort.postMessage(reply);
};
const failure = (m, err) => ({ seq: m.seq, ok: false, message: String((err && err.message) || err), code: err && err.code });

parentPort.on('message', (m) => {
  let value;
  try {
    value = handle(m);
  } catch (err) {
    return answer(m, failure(m, err));
  }
  if (value && typeof value.then === 'function')
    value.then((v) => answer(m, { seq: m.seq, ok: true, value: v }), (err) => answer(m, failure(m, err)));
  else answer(m, { seq: m.seq, ok: true, value });
});
`;

/** Bytes per message to the worker: big enough that messaging costs nothing, small enough for RSS. */
const BATCH = 2 * 1024 * 1024;
/** Batches queued at the worker before the request stream waits (backpressure). */
const MAX_IN_FLIGHT = 8;

type Reply = { seq: number; ok: boolean; value?: unknown; message?: string; code?: string; buf?: ArrayBuffer };
type Message = Record<string, unknown> & { op: string };

class UploadWorker {
  private worker: Worker | null = null;
  private seq = 0;
  private sid = 0;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private spare: ArrayBuffer[] = [];

  call(msg: Message, buf?: ArrayBuffer): Promise<unknown> {
    const worker = this.start();
    const seq = ++this.seq;
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      worker.ref();
      if (buf) worker.postMessage({ ...msg, seq, buf }, [buf]);
      else worker.postMessage({ ...msg, seq });
    });
  }

  nextSession(): number {
    return ++this.sid;
  }

  /** A batch buffer: one the worker handed back, else a new one. */
  takeBuffer(): Buffer {
    const ab = this.spare.pop();
    return ab ? Buffer.from(ab) : Buffer.allocUnsafeSlow(BATCH);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, name: 'tus-upload-writer' });
    worker.unref();
    worker.on('message', (r: Reply) => {
      if (r.buf && this.spare.length < MAX_IN_FLIGHT + 1) this.spare.push(r.buf);
      const p = this.pending.get(r.seq);
      if (!p) return;
      this.pending.delete(r.seq);
      if (this.pending.size === 0) worker.unref();
      if (r.ok) p.resolve(r.value);
      else p.reject(Object.assign(new Error(r.message), { code: r.code }));
    });
    const fail = (err: Error) => {
      // Every hash the worker held is gone; the next PATCH of each upload hashes its prefix again.
      if (this.worker === worker) this.worker = null;
      this.spare = [];
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`upload writer exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}

const shared = new UploadWorker();

/**
 * Writes `source` into the existing file `path` from `offset` on, hashing as it goes, and returns
 * the new offset. Whatever happens, it settles only after every byte it received is on disk (or
 * failed), so that a resumed PATCH never races the end of this one.
 */
export async function writeAndHash(
  source: AsyncIterable<Buffer>,
  id: string,
  path: string,
  offset: number,
): Promise<number> {
  const w = shared;
  const sid = w.nextSession();
  await w.call({ op: 'begin', sid, id, path, offset });
  const inFlight: Promise<unknown>[] = [];
  let batch: Buffer | null = null;
  let fill = 0;
  let failed: unknown = null;
  const send = () => {
    const p = w.call({ op: 'write', sid, len: fill }, batch!.buffer as ArrayBuffer);
    p.catch((err: unknown) => (failed ??= err));
    inFlight.push(p);
    batch = null;
    fill = 0;
  };
  let sourceError: unknown = null;
  try {
    for await (const chunk of source) {
      for (let at = 0; at < chunk.length;) {
        batch ??= w.takeBuffer();
        const n = chunk.copy(batch, fill, at);
        fill += n;
        at += n;
        if (fill === batch.length) {
          send();
          if (inFlight.length >= MAX_IN_FLIGHT) await inFlight.shift()!.catch(() => undefined);
          if (failed) throw failed;
        }
      }
    }
  } catch (err) {
    sourceError = err;
  }
  // What arrived before an error or an abort is kept, as tus expects (the offset says how much).
  if (fill > 0 && !failed) send();
  await Promise.allSettled(inFlight);
  const end = await w.call({ op: 'end', sid });
  if (failed) throw failed;
  if (sourceError) throw sourceError;
  if (typeof end !== 'number') throw new Error('upload writer lost the request');
  return end;
}

/** The SHA-256 of a complete upload (every byte hashed, across requests and restarts), else null. */
export async function takeDigest(id: string, size: number): Promise<string | null> {
  return (await shared.call({ op: 'digest', id, size })) as string | null;
}

/** Drops the running hash of an upload that was removed. */
export async function forgetDigest(id: string): Promise<void> {
  await shared.call({ op: 'forget', id });
}
