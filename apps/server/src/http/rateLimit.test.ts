import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp } from '../../test/harness.js';
import type { TestApp } from '../../test/harness.js';
import { RateLimiter } from './rateLimit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(() => t.close());

/** Hits until the first refusal; how many were let through. */
async function allowed(limiters: RateLimiter[], key: string, max: number, tries: number) {
  let ok = 0;
  for (let i = 0; i < tries; i++) {
    const hit = await limiters[i % limiters.length]!.hit(key, 60, max);
    if (hit.count <= max) ok++;
  }
  return ok;
}

describe('rate limits', () => {
  it('lets exactly the limit through in one process, small limits or batched large ones', async () => {
    const one = new RateLimiter(t.built.handle.db, t.clock);
    expect(await allowed([one], 'small', 5, 8)).toBe(5);
    expect(await allowed([one], 'large', 600, 650)).toBe(600);
    // A busy read writes its hits a batch at a time, not one write per request.
    await allowed([one], 'batched', 600, 10);
    expect((await one.peek('batched')).count).toBe(1);
    await allowed([one], 'batched', 600, 21);
    expect((await one.peek('batched')).count).toBe(31);
  });

  it('keeps small limits exact across processes and large ones within a batch per process', async () => {
    const a = new RateLimiter(t.built.handle.db, t.clock);
    const b = new RateLimiter(t.built.handle.db, t.clock);
    expect(await allowed([a, b], 'shared-small', 10, 30)).toBe(10);
    const large = await allowed([a, b], 'shared-large', 600, 800);
    expect(large).toBeGreaterThanOrEqual(600);
    expect(large).toBeLessThanOrEqual(600 + 30);
    // Both processes refuse once the shared count has passed the limit.
    expect((await a.hit('shared-large', 60, 600)).count).toBeGreaterThan(600);
    expect((await b.hit('shared-large', 60, 600)).count).toBeGreaterThan(600);
  });

  it('starts a new window once the old one has passed, and says when to retry', async () => {
    const one = new RateLimiter(t.built.handle.db, t.clock);
    expect(await allowed([one], 'window', 600, 601)).toBe(600);
    const refused = await one.hit('window', 60, 600);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    expect((await one.hit('window', 60, 600)).count).toBe(1);
    expect(await allowed([one], 'window', 600, 700)).toBe(599);
  });
});
