import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../../test/webhookReceiver.js';
import type { Receiver } from '../../../test/webhookReceiver.js';
import { classify, resolveTarget } from './webhooks.address.js';
import { sendSigned, WEBHOOK_TIMEOUT_MS } from './webhooks.send.js';
import { newEventId, newSecret } from './webhooks.secret.js';

let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx?.close());

const message = (url: string) => ({
  url,
  eventId: newEventId(),
  at: new Date(),
  body: JSON.stringify({ type: 'webhook.test', timestamp: new Date().toISOString(), data: {} }),
  secrets: [newSecret()],
});

describe('webhook addresses (SSRF)', () => {
  it('tells public, loopback and private addresses apart, v4, v6 and v4-mapped v6', () => {
    expect(['93.184.215.14', '2606:4700::1111', '8.8.8.8'].map(classify)).toEqual(['public', 'public', 'public']);
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].map(classify)).toEqual([
      'loopback',
      'loopback',
      'loopback',
      'loopback',
    ]);
    const privates = [
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:a9fe:a9fe',
      '64:ff9b::192.168.0.1',
      '::',
      'not-an-ip',
    ];
    expect(privates.filter((a) => classify(a) !== 'private')).toEqual([]);
  });

  it('refuses loopback without WEBHOOKS_ALLOW_LOOPBACK, by literal or by a name resolving to it', async () => {
    for (const url of ['https://127.0.0.1/', 'https://[::1]/', 'https://localhost/', 'http://127.0.0.1/'])
      expect((await resolveTarget(url, false)).ok, url).toBe(false);
    expect(await resolveTarget('https://localhost/', false)).toEqual({ ok: false, reason: 'private' });
    expect(await resolveTarget('http://127.0.0.1/', false)).toEqual({ ok: false, reason: 'https' });
  });

  it('with the setting allows loopback (http too) and nothing else private', async () => {
    expect(await resolveTarget('http://127.0.0.1:8080/x', true)).toEqual({ ok: true, address: '127.0.0.1', family: 4 });
    expect(await resolveTarget('https://[::1]/', true)).toEqual({ ok: true, address: '::1', family: 6 });
    for (const url of ['https://10.0.0.1/', 'https://192.168.0.1/', 'https://169.254.169.254/', 'https://[fc00::1]/'])
      expect(await resolveTarget(url, true), url).toEqual({ ok: false, reason: 'private' });
    expect(await resolveTarget('http://93.184.215.14/', true)).toEqual({ ok: false, reason: 'https' });
    expect(await resolveTarget('https://no-such-host.invalid/', true)).toEqual({ ok: false, reason: 'unresolvable' });
  });

  it('refuses again at delivery: the loopback receiver is never called without the setting', async () => {
    const r = await sendSigned(message(rx.url('/ok-refused')), { allowLoopback: false });
    expect(r).toMatchObject({ ok: false, statusCode: null, error: 'address refused (https)' });
    const tls = await sendSigned(message(`https://127.0.0.1:${rx.port}/ok-refused`), { allowLoopback: false });
    expect(tls).toMatchObject({ ok: false, statusCode: null, error: 'address refused (private)' });
    expect(rx.at('/ok-refused')).toEqual([]);
    const allowed = await sendSigned(message(rx.url('/ok-allowed')), { allowLoopback: true });
    expect(allowed).toMatchObject({ ok: true, statusCode: 200 });
    expect(rx.at('/ok-allowed')).toHaveLength(1);
  });

  it('gives up on a receiver that does not answer within 5 seconds', async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(5_000);
    const started = Date.now();
    const r = await sendSigned(message(rx.url('/hang')), { allowLoopback: true });
    const took = Date.now() - started;
    expect(r).toMatchObject({ ok: false, statusCode: null, error: 'timeout' });
    expect(took).toBeGreaterThanOrEqual(4_900);
    expect(took).toBeLessThan(8_000);
    expect(rx.at('/hang')).toHaveLength(1);
  }, 15_000);
});
