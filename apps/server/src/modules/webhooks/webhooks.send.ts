import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { resolveTarget } from './webhooks.address.js';

/** A receiver gets this long to answer, headers and first kilobyte included. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** What is kept of an answer. */
export const EXCERPT_BYTES = 1024;

export interface SendResult {
  ok: boolean;
  statusCode: number | null;
  responseMs: number | null;
  excerpt: string | null;
  /** Why there was no 2xx answer: a short code or message, never the secret. */
  error: string | null;
}

export interface SignedMessage {
  url: string;
  eventId: string;
  at: Date;
  body: string;
  /** Every secret that signs (the current one, and the previous one during a rotation). */
  secrets: string[];
}

/** The Standard Webhooks headers: one `v1,` signature per secret, space-separated. */
export function signedHeaders(m: SignedMessage): Record<string, string> {
  const signature = m.secrets.map((s) => new Webhook(s).sign(m.eventId, m.at, m.body)).join(' ');
  return {
    'webhook-id': m.eventId,
    'webhook-timestamp': String(Math.floor(m.at.getTime() / 1000)),
    'webhook-signature': signature,
  };
}

/** A lookup that answers only the address already checked, so the connection cannot go elsewhere. */
const pinned =
  (address: string, family: 4 | 6): LookupFunction =>
  (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all)
      (cb as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else cb(null, address, family);
  };

/**
 * POSTs one signed message: the address is checked (and pinned) again, since DNS may have changed
 * since it was saved; redirects are answers like any other (a 3xx is a failure, never followed).
 */
export async function sendSigned(
  m: SignedMessage,
  opts: { allowLoopback: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const target = await resolveTarget(m.url, opts.allowLoopback);
  if (!target.ok) {
    const error = target.reason === 'unresolvable' ? 'host not found' : `address refused (${target.reason})`;
    return { ok: false, statusCode: null, responseMs: null, excerpt: null, error };
  }
  const url = new URL(m.url);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const started = Date.now();
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'responseMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ ...r, responseMs: Date.now() - started });
    };
    const req = request(
      url,
      {
        method: 'POST',
        lookup: pinned(target.address, target.family),
        agent: false,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Brandvault-Webhooks/1',
          'content-length': Buffer.byteLength(m.body),
          ...signedHeaders(m),
        },
      },
      (res: IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const code = res.statusCode ?? 0;
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
          const ok = code >= 200 && code < 300;
          finish({ ok, statusCode: code, excerpt, error: ok ? null : `HTTP ${code}` });
        };
        res.on('data', (c: Buffer) => {
          chunks.push(c);
          size += c.length;
          if (size >= EXCERPT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(
      () => finish({ ok: false, statusCode: null, excerpt: null, error: 'timeout' }),
      opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    );
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ ok: false, statusCode: null, excerpt: null, error: err.code ?? err.message.slice(0, 200) }),
    );
    req.end(m.body);
  });
}
