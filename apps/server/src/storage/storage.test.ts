import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobNotFoundError,
  BlobRangeError,
  BlobTooLargeError,
  InvalidBlobKeyError,
  createBlobStore,
  newBlobKey,
} from './index.js';
import type { BlobStore } from './index.js';
import { startS3rver } from './testing.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** `bytes` in `chunkSize` pieces, so stage() sees a stream and not one buffer. */
const chunked = (bytes: Buffer, chunkSize = 16 * 1024) =>
  Readable.from(
    (function* () {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
    })(),
  );

/**
 * `total` bytes made on the fly (64 KiB at a time, each chunk distinct), never held whole;
 * `expected()` is their SHA-256 once the stream has been read. Optionally fails after `failAt`.
 */
function generated(total: number, failAt?: number) {
  const block = randomBytes(64 * 1024);
  const hash = createHash('sha256');
  let produced = 0;
  const stream = new Readable({
    read() {
      if (failAt !== undefined && produced >= failAt) {
        this.destroy(new Error('client went away'));
        return;
      }
      if (produced >= total) {
        this.push(null);
        return;
      }
      const chunk = Buffer.from(block.subarray(0, Math.min(block.length, total - produced)));
      chunk.writeUInt32BE(produced / block.length, 0);
      produced += chunk.length;
      hash.update(chunk);
      this.push(chunk);
    },
  });
  return { stream, expected: () => hash.digest('hex') };
}

async function expectTempsGone(store: BlobStore) {
  expect(await store.listStaleTemps(new Date(Date.now() + 3_600_000))).toEqual([]);
}

type Fixture = { store: BlobStore; root?: string; close(): Promise<void> };

const drivers: [string, () => Promise<Fixture>][] = [
  [
    'local',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'bv-blobs-'));
      const store = await createBlobStore({ driver: 'local', root });
      return { store, root, close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  ],
  [
    's3',
    async () => {
      const s3 = await startS3rver();
      const store = await createBlobStore({ driver: 's3', ...s3.options });
      return {
        store,
        async close() {
          await store.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(drivers)('BlobStore (%s)', (kind, open) => {
  let fx: Fixture;
  let store: BlobStore;
  beforeAll(async () => {
    fx = await open();
    store = fx.store;
  });
  afterAll(async () => {
    await fx?.close();
  });

  it('is the expected driver', () => {
    expect(store.kind).toBe(kind);
  });

  it('stages with the SHA-256 and size of the bytes, and commits to the final key', async () => {
    const bytes = randomBytes(300_000);
    const staged = await store.stage(chunked(bytes), { contentType: 'image/png' });
    expect(staged).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    expect(staged.tempKey).not.toContain('originals');

    const key = newBlobKey('originals');
    expect(await store.stat(key)).toBeNull();
    await store.commit(staged.tempKey, key);
    expect((await store.stat(key))?.size).toBe(bytes.length);
    expect((await readAll(await store.get(key))).equals(bytes)).toBe(true);
    await expectTempsGone(store);
    // The temp was moved, not copied: committing it again finds nothing.
    await expect(store.commit(staged.tempKey, newBlobKey('originals'))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('adopts a finished local file: hashed, taken over (the file is gone), then committed', async () => {
    const bytes = randomBytes(150_000);
    const dir = mkdtempSync(join(tmpdir(), 'bv-adopt-'));
    const file = join(dir, 'upload');
    writeFileSync(file, bytes);
    const staged = await store.adoptFile(file);
    expect(staged).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    expect(existsSync(file)).toBe(false);
    const key = newBlobKey('originals');
    await store.commit(staged.tempKey, key);
    expect((await readAll(await store.get(key))).equals(bytes)).toBe(true);
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams a 20 MB blob through stage, commit and get', async () => {
    const total = 20 * 1024 * 1024;
    const src = generated(total);
    const staged = await store.stage(src.stream, { maxBytes: total });
    const expected = src.expected();
    expect(staged).toMatchObject({ size: total, sha256: expected });
    const key = newBlobKey('originals');
    await store.commit(staged.tempKey, key);

    const hash = createHash('sha256');
    let size = 0;
    for await (const c of await store.get(key)) {
      hash.update(c as Buffer);
      size += (c as Buffer).length;
    }
    expect(size).toBe(total);
    expect(hash.digest('hex')).toBe(expected);
  });

  it('reads byte ranges (end inclusive, clamped to the last byte)', async () => {
    const bytes = randomBytes(1000);
    const key = newBlobKey('originals');
    await store.put(key, bytes);
    const range = async (start: number, end: number) => readAll(await store.get(key, { start, end }));

    expect((await range(0, 9)).equals(bytes.subarray(0, 10))).toBe(true);
    expect((await range(500, 599)).equals(bytes.subarray(500, 600))).toBe(true);
    expect((await range(999, 999)).equals(bytes.subarray(999))).toBe(true);
    expect((await range(990, 5000)).equals(bytes.subarray(990))).toBe(true);
    await expect(store.get(key, { start: 1000, end: 1000 })).rejects.toBeInstanceOf(BlobRangeError);
    await expect(store.get(key, { start: 5, end: 4 })).rejects.toBeInstanceOf(BlobRangeError);
    await expect(store.get(key, { start: -1, end: 4 })).rejects.toBeInstanceOf(BlobRangeError);
  });

  it('accepts a blob of exactly maxBytes', async () => {
    const bytes = randomBytes(4096);
    const staged = await store.stage(chunked(bytes, 1000), { maxBytes: 4096 });
    expect(staged.size).toBe(4096);
    await store.discard(staged.tempKey);
    await expectTempsGone(store);
  });

  it('rejects a blob over maxBytes with BlobTooLargeError and leaves no temp', async () => {
    const small = store.stage(chunked(randomBytes(4097), 1000), { maxBytes: 4096 });
    await expect(small).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(small).rejects.toMatchObject({ maxBytes: 4096 });

    // Past the first multipart part on S3, so the multipart path is cut off too.
    const src = generated(12 * 1024 * 1024);
    await expect(store.stage(src.stream, { maxBytes: 9 * 1024 * 1024 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(src.stream.destroyed).toBe(true);
    await expectTempsGone(store);
  });

  it('rejects with the source error when the source fails mid-way, and leaves no temp', async () => {
    const early = generated(1024 * 1024, 256 * 1024);
    await expect(store.stage(early.stream)).rejects.toThrow('client went away');

    const late = generated(20 * 1024 * 1024, 10 * 1024 * 1024);
    await expect(store.stage(late.stream)).rejects.toThrow('client went away');
    await expectTempsGone(store);
  });

  it('handles a zero-byte blob', async () => {
    const staged = await store.stage(Readable.from([]));
    expect(staged).toMatchObject({ size: 0, sha256: EMPTY_SHA256 });
    const key = newBlobKey('originals');
    await store.commit(staged.tempKey, key);
    expect((await store.stat(key))?.size).toBe(0);
    expect((await readAll(await store.get(key))).length).toBe(0);
    await expect(store.get(key, { start: 0, end: 0 })).rejects.toBeInstanceOf(BlobRangeError);
  });

  it('puts derivatives from a buffer or a stream, replacing what was there', async () => {
    const key = `${newBlobKey('derivatives')}/thumb-300.webp`;
    await store.put(key, Buffer.from('first'), 'image/webp');
    expect((await readAll(await store.get(key))).toString()).toBe('first');
    await store.put(key, Readable.from([Buffer.from('sec'), Buffer.from('ond')]), 'image/webp');
    expect((await readAll(await store.get(key))).toString()).toBe('second');
    expect((await store.stat(key))?.size).toBe(6);
    await expectTempsGone(store);
  });

  it('deletes idempotently', async () => {
    const key = newBlobKey('originals');
    await store.put(key, Buffer.from('bye'));
    await store.delete(key);
    await store.delete(key);
    await store.delete(newBlobKey('originals'));
    expect(await store.stat(key)).toBeNull();
    await expect(store.get(key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.get(key, { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('deletes and lists by prefix, and nothing outside it', async () => {
    const base = newBlobKey('derivatives');
    const other = newBlobKey('derivatives');
    const inside = [`${base}/thumb-300.webp`, `${base}/preview/page-1.png`, `${base}/preview/page-2.png`];
    const outside = [`${base}-sibling/x.png`, `${other}/thumb-300.webp`];
    for (const key of [...inside, ...outside]) await store.put(key, Buffer.from(key));

    const listed = [];
    for await (const e of store.list(`${base}/`)) listed.push(e);
    expect(listed.map((e) => e.key).sort()).toEqual([...inside].sort());
    expect(listed.every((e) => e.size > 0 && e.modifiedAt instanceof Date)).toBe(true);

    // A prefix is a prefix of the key, as on S3, not only a folder.
    const partial = [];
    for await (const e of store.list(base)) partial.push(e.key);
    expect(partial.sort()).toEqual([...inside, `${base}-sibling/x.png`].sort());

    await store.deletePrefix(`${base}/preview/`);
    for (const key of inside)
      expect(await store.stat(key), key).toEqual(key.includes('/preview/') ? null : expect.anything());
    await store.deletePrefix(`${base}/`);
    for (const key of inside) expect(await store.stat(key)).toBeNull();
    for (const key of outside) expect(await store.stat(key)).not.toBeNull();
    await store.deletePrefix(`${newBlobKey('derivatives')}/`); // nothing there: no error
    for (const bad of ['', 'derivatives', 't', '../', '/derivatives/']) {
      await expect(store.deletePrefix(bad), bad).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
  });

  it('lists only temps older than the cutoff, and discards them', async () => {
    const old = await store.stage(chunked(Buffer.from('abandoned')));
    // S3 reports LastModified in whole seconds: put the cutoff on the next second boundary after
    // the old temp and the new temp at or after it, so the comparison is exact.
    const cutoff = new Date(Math.ceil((Date.now() + 1) / 1000) * 1000);
    await new Promise((r) => setTimeout(r, cutoff.getTime() - Date.now() + 20));
    const fresh = await store.stage(chunked(Buffer.from('in progress')));

    expect(await store.listStaleTemps(cutoff)).toEqual([old.tempKey]);
    for (const key of await store.listStaleTemps(cutoff)) await store.discard(key);
    await store.discard(old.tempKey); // idempotent
    expect(await store.listStaleTemps(new Date(Date.now() + 60_000))).toEqual([fresh.tempKey]);
    await store.discard(fresh.tempKey);
    await expectTempsGone(store);
  });

  it('rejects keys that are not server-made, so none can escape the root', async () => {
    const staged = await store.stage(chunked(Buffer.from('x')));
    const bad = [
      '',
      '../x',
      'originals/../../etc/passwd',
      '/etc/passwd',
      'originals\\ab',
      'originals//x',
      'originals/.hidden',
      'tmp/x',
      '.tmp/x',
      'a/./b',
      'originals/x/',
      'originals/ä',
    ];
    for (const key of bad) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.get(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.stat(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.delete(key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.commit(staged.tempKey, key), key).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    // Temp keys are only the driver's own: not a final key, not a path.
    for (const tempKey of [
      'originals/ab/cd/x',
      '../../etc/passwd',
      `${staged.tempKey}/..`,
      staged.tempKey.replace(/[0-9a-f]{8}$/, '../../x'),
    ]) {
      await expect(store.commit(tempKey, newBlobKey('originals')), tempKey).rejects.toBeInstanceOf(InvalidBlobKeyError);
      await expect(store.discard(tempKey), tempKey).rejects.toBeInstanceOf(InvalidBlobKeyError);
    }
    await store.discard(staged.tempKey);
  });

  it('commits a missing temp as BlobNotFoundError', async () => {
    const staged = await store.stage(chunked(Buffer.from('x')));
    await store.discard(staged.tempKey);
    await expect(store.commit(staged.tempKey, newBlobKey('originals'))).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('gives a local path only where there is one', async () => {
    const key = newBlobKey('originals');
    await store.put(key, Buffer.from('on disk'));
    const path = store.localPath(key);
    if (kind === 'local') {
      expect(path).toBe(join(fx.root ?? '', ...key.split('/')));
      expect(readFileSync(path ?? '', 'utf8')).toBe('on disk');
      // Temp files live under the root's .tmp, so commit is a same-filesystem rename.
      const staged = await store.stage(chunked(Buffer.from('t')));
      expect(readdirSync(join(fx.root ?? '', '.tmp'))).toEqual([staged.tempKey.split('/')[1]]);
      await store.discard(staged.tempKey);
    } else {
      expect(path).toBeNull();
    }
  });
});
