import { NotificationEvent, routes } from '@brandvault/contract';
import { SseParser } from './sse';

/** Waits between attempts: after a drop, 1 s, then longer, never more than 30 s. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000] as const;

export interface NotificationStreamOptions {
  /** The bearer token for each attempt; none (signed out) ends the stream. */
  token: () => string | null;
  onEvent: (event: NotificationEvent) => void;
  /** The server refused the token: the stream ends and does not come back by itself. */
  onUnauthorized?: () => void;
  url?: string;
  fetchImpl?: typeof fetch;
  /** How to wait before reconnecting (tests make it instant). */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  delays?: readonly number[];
}

export interface NotificationStream {
  close: () => void;
  /** The id of the last message received, sent back as Last-Event-ID on reconnection. */
  lastEventId: () => string;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The notification stream over fetch (EventSource cannot send the Authorization header): reads
 * the body as text, parses it as Server-Sent Events and hands each `notification` message on.
 * When the connection fails or ends it tries again after a growing delay, asking the server to
 * replay what came after the last id received. A 401, a missing token or `close()` end it.
 */
export function openNotificationStream(opts: NotificationStreamOptions): NotificationStream {
  const controller = new AbortController();
  const { signal } = controller;
  const doFetch = opts.fetchImpl ?? ((input, init) => fetch(input, init));
  const wait = opts.wait ?? sleep;
  const delays = opts.delays ?? RECONNECT_DELAYS_MS;
  const url = opts.url ?? routes.notificationStream.path;
  let lastId = '';
  let serverRetry = 0;

  /** Reads one connection to its end; `onData` hears that something at all came through. */
  async function read(body: ReadableStream<Uint8Array>, onData: () => void) {
    const parser = new SseParser(lastId);
    const decoder = new TextDecoder();
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        onData();
        for (const message of parser.push(decoder.decode(value, { stream: true }))) {
          if (message.event !== 'notification') continue;
          let parsed;
          try {
            parsed = NotificationEvent.safeParse(JSON.parse(message.data));
          } catch {
            parsed = null;
          }
          if (parsed?.success) opts.onEvent(parsed.data);
          else console.warn('Unexpected notification event', message.data);
        }
        lastId = parser.lastEventId;
        serverRetry = parser.retryMs ?? serverRetry;
      }
    } finally {
      parser.end();
      lastId = parser.lastEventId;
      reader.releaseLock();
    }
  }

  async function run() {
    let attempt = 0;
    while (!signal.aborted) {
      const token = opts.token();
      if (!token) return;
      try {
        const headers: Record<string, string> = {
          Accept: 'text/event-stream',
          Authorization: `Bearer ${token}`,
          'Cache-Control': 'no-cache',
        };
        if (lastId) headers['Last-Event-ID'] = lastId;
        const res = await doFetch(url, { headers, credentials: 'include', cache: 'no-store', signal });
        if (res.status === 401) {
          void res.body?.cancel().catch(() => undefined);
          if (!signal.aborted) opts.onUnauthorized?.();
          return;
        }
        // A connection that carried something (a heartbeat at least) starts the delays over.
        if (res.ok && res.body) {
          await read(res.body, () => (attempt = 0));
        } else {
          void res.body?.cancel().catch(() => undefined);
        }
      } catch {
        // A network failure, a broken body or close(): the loop decides.
      }
      if (signal.aborted) return;
      const delay = Math.max(delays[Math.min(attempt, delays.length - 1)] ?? 0, serverRetry);
      attempt += 1;
      await wait(delay, signal);
    }
  }

  void run();
  return { close: () => controller.abort(), lastEventId: () => lastId };
}
