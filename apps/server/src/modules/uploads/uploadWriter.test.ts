import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetDigest, takeDigest, writeAndHash } from './uploadWriter.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bv-upload-writer-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/** A body in uneven chunks, as a socket delivers it. */
const body = (b: Buffer, chunk = 65_537) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < b.length; at += chunk) yield b.subarray(at, at + chunk);
    })(),
  );

async function newUpload(id: string) {
  const path = join(dir, id);
  await writeFile(path, '');
  return path;
}

describe('uploadWriter', () => {
  it('writes and hashes a file sent in several requests', async () => {
    const data = randomBytes(9 * 1024 * 1024 + 123);
    const path = await newUpload('several');
    let offset = 0;
    for (const cut of [1, 5 * 1024 * 1024, data.length]) {
      offset = await writeAndHash(body(data.subarray(offset, cut)), 'several', path, offset);
      expect(offset).toBe(cut);
    }
    expect((await readFile(path)).equals(data)).toBe(true);
    expect(await takeDigest('several', data.length)).toBe(sha(data));
    // Taken once.
    expect(await takeDigest('several', data.length)).toBeNull();
  });

  it('hashes the part already on disk when it resumes without a running hash (after a restart)', async () => {
    const data = randomBytes(6 * 1024 * 1024);
    const half = 2 * 1024 * 1024 + 7;
    const path = await newUpload('restarted');
    // Written by a process that is gone: this one has no hash for it.
    await writeFile(path, data.subarray(0, half));
    expect(await writeAndHash(body(data.subarray(half)), 'restarted', path, half)).toBe(data.length);
    expect(await takeDigest('restarted', data.length)).toBe(sha(data));
  });

  it('keeps what arrived before the client went away, and the hash stays true to the file', async () => {
    const data = randomBytes(5 * 1024 * 1024);
    const path = await newUpload('cut');
    const cutAt = 3 * 1024 * 1024 + 11;
    const broken = Readable.from(
      (async function* () {
        yield data.subarray(0, cutAt);
        throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      })(),
    );
    await expect(writeAndHash(broken, 'cut', path, 0)).rejects.toThrow('aborted');
    const kept = await readFile(path);
    expect(kept.length).toBe(cutAt);
    expect(await writeAndHash(body(data.subarray(cutAt)), 'cut', path, cutAt)).toBe(data.length);
    expect(await takeDigest('cut', data.length)).toBe(sha(data));
  });

  it('reads the body once and never reads the written file back for its digest', async () => {
    const data = randomBytes(7 * 1024 * 1024 + 5);
    const path = await newUpload('once');
    let pulled = 0;
    let reads = 0;
    const counted = async function* () {
      for await (const chunk of body(data)) {
        reads += 1;
        pulled += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    };
    expect(await writeAndHash(counted(), 'once', path, 0)).toBe(data.length);
    expect(pulled).toBe(data.length);
    expect(reads).toBe(Math.ceil(data.length / 65_537));
    expect((await readFile(path)).equals(data)).toBe(true);
    // With the file gone the digest is still there: it came from the bytes as they arrived.
    await rm(path);
    expect(await takeDigest('once', data.length)).toBe(sha(data));
  });

  it('has no digest for an incomplete or forgotten upload', async () => {
    const data = randomBytes(1000);
    const path = await newUpload('partial');
    await writeAndHash(body(data), 'partial', path, 0);
    expect(await takeDigest('partial', 2000)).toBeNull();
    await writeAndHash(body(data), 'forgotten', await newUpload('forgotten'), 0);
    await forgetDigest('forgotten');
    expect(await takeDigest('forgotten', 1000)).toBeNull();
  });

  it('fails when the upload file is gone', async () => {
    await expect(writeAndHash(body(Buffer.from('x')), 'missing', join(dir, 'missing'), 0)).rejects.toThrow();
  });
});
