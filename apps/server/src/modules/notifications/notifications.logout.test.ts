import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let base: string;
beforeAll(async () => {
  // Streams that would outlive the test: only the end of their session may close them.
  t = await startApp({ NOTIFICATION_STREAM_SECONDS: '120' });
  admin = await adminClient(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A real SSE connection; `ended` resolves when the server ends it. */
async function open(token: string) {
  const ctl = new AbortController();
  const res = await fetch(`${base}/api/ops/notification/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: ctl.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  await reader.read(); // the `connected` comment: the stream is registered
  const ended = (async () => {
    for (;;) if ((await reader.read()).done) return true;
  })().catch(() => false);
  return { ended, abort: () => ctl.abort() };
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<'still open'>((r) => setTimeout(() => r('still open'), ms).unref())]);

const signedIn = () => makeUser(t, admin);

describe('signing out ends the notification streams of that session', () => {
  it('ends the stream at once when its session logs out, and leaves other sessions open', async () => {
    const u = await signedIn();
    const other = t.client();
    await other.login(u.email, 'password-123');
    const mine = await open(u.client.token!);
    const theirs = await open(other.token!);
    expect(t.built.services.notifications.openStreams(u.id)).toBe(2);
    expect((await u.client.post('/api/logout', {})).statusCode).toBe(200);
    // Ended by the logout itself, before its answer: no later check was needed.
    expect(t.built.services.notifications.openStreams(u.id)).toBe(1);
    expect(await within(mine.ended, 5000)).toBe(true);
    expect(await within(theirs.ended, 1500)).toBe('still open');
    expect(t.built.services.notifications.openStreams(u.id)).toBe(1);
    theirs.abort();
  });

  it('ends the stream when the session ends in another process (the token is gone)', async () => {
    const u = await signedIn();
    const s = await open(u.client.token!);
    // Another process signed the session out: this one only sees the token row go.
    await t.built.handle.db.deleteFrom('access_tokens').where('user_id', '=', u.id).execute();
    expect(await within(s.ended, 5000)).toBe(true);
  });
});
