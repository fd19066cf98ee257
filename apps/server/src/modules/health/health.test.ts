import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../../test/harness.js';
import type { TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('answers liveness and readiness while the database answers', async () => {
    expect((await t.client().get('/api/health')).json()).toEqual({ status: 'ok' });
    const ready = await t.client().get('/api/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', redis: t.redisPrefix ? 'up' : 'absent' });
  });

  it('answers liveness but not readiness once the database is gone, in the caller language', async () => {
    const other = await startApp();
    try {
      // Closing the handle is what an unreachable database looks like to the readiness probe.
      await other.built.worker?.stop();
      await other.built.handle.db.destroy();
      const get = (url: string) => other.app.inject({ url, headers: { 'accept-language': 'es' } });
      expect((await get('/api/health')).statusCode).toBe(200);
      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json().error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: /base de datos/ });
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});
