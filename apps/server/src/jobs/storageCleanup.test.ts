import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';
import { newBlobKey } from '../storage/index.js';
import { enqueueAny } from './queue.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('storage clean-up', () => {
  it('judges files by their own times: a clock a day ahead does not take a file just written', async () => {
    // What a request leaves for a moment: an original stored, its row not committed yet.
    const key = newBlobKey('originals');
    await t.built.storage.put(key, Buffer.from('just written'));
    t.clock.advance(25 * 60 * 60_000);
    const db = t.built.handle.db;
    const id = await enqueueAny(db, 'storage.cleanup', {});
    t.built.worker!.wake();
    const status = async () =>
      (await db.selectFrom('jobs').select('status').where('id', '=', id!).executeTakeFirst())?.status;
    await expect.poll(status, { timeout: 30_000, interval: 50 }).toBe('done');
    expect(await t.built.storage.stat(key)).not.toBeNull();
  });
});
