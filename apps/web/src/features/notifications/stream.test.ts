import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationEvent } from '@brandvault/contract';
import { notification as note } from '../../test/fixtures';
import { openNotificationStream } from './stream';
import type { NotificationStream } from './stream';

const frame = (id: number, unread: number) =>
  `id: ${id}\nevent: notification\ndata: ${JSON.stringify({ notification: note(id), unread })}\n\n`;

/** A response whose body the test writes to, a chunk at a time. */
function streamResponse() {
  let ctrl!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (ctrl = c) });
  const enc = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => ctrl.enqueue(enc.encode(text)),
    end: () => ctrl.close(),
  };
}

let stream: NotificationStream | null = null;
afterEach(() => stream?.close());

describe('notification stream', () => {
  it('sends the token, hands on each notification and skips heartbeats', async () => {
    const first = streamResponse();
    const fetchImpl = vi.fn(async () => first.response);
    const events: NotificationEvent[] = [];
    stream = openNotificationStream({ token: () => 'tok', onEvent: (e) => events.push(e), fetchImpl });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    const init = (fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', Accept: 'text/event-stream' });
    expect(init.headers).not.toHaveProperty('Last-Event-ID');
    first.write(': ping\n\n' + frame(11, 3).slice(0, 20));
    first.write(frame(11, 3).slice(20));
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(events[0]).toMatchObject({ unread: 3, notification: { id: 11, kind: 'mention' } });
    expect(stream.lastEventId()).toBe('11');
  });

  it('reconnects after a drop with growing delays and Last-Event-ID', async () => {
    const first = streamResponse();
    const answers: (() => Response)[] = [
      () => first.response,
      () => new Response('oops', { status: 503 }),
      () => {
        throw new TypeError('network');
      },
      () => streamResponse().response,
    ];
    const fetchImpl = vi.fn(async () => answers.shift()!());
    const waits: number[] = [];
    stream = openNotificationStream({
      token: () => 'tok',
      onEvent: () => undefined,
      fetchImpl,
      wait: async (ms) => void waits.push(ms),
    });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    first.write(frame(41, 1));
    first.end();
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(4));
    // The first connection carried a message, so the delays start over: 1 s, 2 s, 5 s.
    expect(waits).toEqual([1000, 2000, 5000]);
    for (const call of fetchImpl.mock.calls.slice(1))
      expect((call as unknown as [string, RequestInit])[1].headers).toMatchObject({ 'Last-Event-ID': '41' });
  });

  it('stops on 401, on sign-out and on close', async () => {
    const onUnauthorized = vi.fn();
    const refused = vi.fn(async () => new Response('{}', { status: 401 }));
    stream = openNotificationStream({
      token: () => 'tok',
      onEvent: () => undefined,
      onUnauthorized,
      fetchImpl: refused,
    });
    await vi.waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(refused).toHaveBeenCalledTimes(1);

    const anonymous = vi.fn(async () => streamResponse().response);
    openNotificationStream({ token: () => null, onEvent: () => undefined, fetchImpl: anonymous });
    await new Promise((r) => setTimeout(r, 10));
    expect(anonymous).not.toHaveBeenCalled();

    const waits: number[] = [];
    const failing = vi.fn(async () => new Response('', { status: 502 }));
    const s = openNotificationStream({
      token: () => 'tok',
      onEvent: () => undefined,
      fetchImpl: failing,
      wait: (ms) => {
        waits.push(ms);
        s.close();
        return Promise.resolve();
      },
    });
    await vi.waitFor(() => expect(waits).toEqual([1000]));
    await new Promise((r) => setTimeout(r, 10));
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('never waits more than 30 s', async () => {
    const waits: number[] = [];
    const failing = vi.fn(async () => new Response('', { status: 500 }));
    stream = openNotificationStream({
      token: () => 'tok',
      onEvent: () => undefined,
      fetchImpl: failing,
      wait: async (ms) => {
        waits.push(ms);
        if (waits.length >= 7) stream?.close();
      },
    });
    await vi.waitFor(() => expect(waits).toHaveLength(7));
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 30_000, 30_000, 30_000]);
  });
});
