// bench/notify: how long a mention takes to reach its recipient's open notification stream.
// Starts the real server (WEB_CONCURRENCY --processes, jobs in the first one, as deployed) on a
// fresh SQLite data dir (or DATABASE_URL / --data-dir), makes a brand, an asset and the people,
// opens B's stream (GET /api/ops/notification/stream, fetch streaming with the bearer token, as
// the web client does), then has the authors post --comments comments mentioning B through
// POST /api/ops/asset/:id/comment/add, one at a time, and times each from the POST's answer to
// the event on B's stream. Prints JSON (p50/p95/p99 in ms).
//   npm run notify -w bench -- [--comments 100] [--processes 2] [--authors 2] [--gap-ms 20] [--base URL]
//     [--new-connections]: each comment on a fresh connection, so the cluster spreads them over
//     its processes (fetch keeps one connection, which lands every comment in one process).
// The comment route allows 60 posts a minute per user: the comments go round --authors authors
// (2 post 100 within a minute). --base uses a running server instead (signed in as its admin,
// ADMIN_PASSWORD or bench-password-1).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { BENCH_PASSWORD, USERS, numOpt, opt, signIn, startServer, stats } from '../lib/common.js';
import type { Server, Session } from '../lib/common.js';

const count = numOpt('comments', 100);
const processes = numOpt('processes', 2);
const authorCount = numOpt('authors', 2);
const gapMs = numOpt('gap-ms', 20);
const given = opt('base', '');
const fresh_ = process.argv.includes('--new-connections');

let server: Server | null = null;
let fresh: string | null = null;
if (!given) {
  if (!process.env.DATA_DIR && !process.argv.includes('--data-dir') && !process.env.DATABASE_URL)
    process.env.DATA_DIR = fresh = mkdtempSync(join(tmpdir(), 'bv-notify-'));
  server = await startServer({ JOBS_IN_SERVER: 'true', WEB_CONCURRENCY: String(processes) });
}
const base = given || server!.base;

async function call(s: Session, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: s.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
/** A POST on a connection of its own (node:http without an agent), answered as JSON. */
function postFresh(s: Session, path: string, body: unknown) {
  return new Promise<Awaited<ReturnType<typeof call>>>((resolve, reject) => {
    const req = request(`${base}${path}`, { method: 'POST', headers: s.headers, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () =>
        res.statusCode && res.statusCode < 300
          ? resolve(JSON.parse(text))
          : reject(new Error(`POST ${path}: ${res.statusCode} ${text.slice(0, 300)}`)),
      );
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
async function form(s: Session, path: string, fd: FormData) {
  const { 'content-type': _json, ...headers } = s.headers;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: fd });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

try {
  const admin = await signIn(base, USERS.admin, process.env.ADMIN_PASSWORD || BENCH_PASSWORD);
  const tag = Date.now().toString(36);
  const brandForm = new FormData();
  brandForm.append('name', `Notify ${tag}`);
  brandForm.append('slug', `notify-${tag}`);
  const brand = (await form(admin, '/api/ops/brand/create', brandForm)).brand as { id: number; root_folder_id: number };

  const person = async (first: string) => {
    const email = `notify-${first.toLowerCase()}-${tag}@example.com`;
    const made = await call(admin, 'POST', '/api/ops/users/create', {
      first_name: first,
      last_name: 'Bench',
      email,
      password: BENCH_PASSWORD,
      password_confirmation: BENCH_PASSWORD,
      roles: ['member'],
      brands: [brand.id],
    });
    return { id: made.user.id as number, name: `${first} Bench`, session: await signIn(base, email) };
  };
  const b = await person('Bea');
  const authors = [];
  for (let i = 0; i < authorCount; i++) authors.push(await person(`Author${i + 1}`));

  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.append('files', new Blob([new Uint8Array(png)], { type: 'image/png' }), `notify-${tag}.png`);
  const uploaded = await form(admin, `/api/ops/asset/${brand.id}/${brand.root_folder_id}/new`, upload);
  const assetId = uploaded.results[0].asset_id as number;

  // B's stream: every notification event, by comment id, with when it arrived.
  const arrived = new Map<number, number>();
  const ctl = new AbortController();
  const stream = await fetch(`${base}/api/ops/notification/stream`, {
    headers: { authorization: `Bearer ${b.session.token}` },
    signal: ctl.signal,
  });
  if (stream.status !== 200) throw new Error(`stream: ${stream.status} ${await stream.text()}`);
  const reading = (async () => {
    const reader = stream.body!.getReader();
    const dec = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const at = performance.now();
      text += dec.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        const data = frame.split('\n').find((l) => l.startsWith('data: '));
        if (!frame.includes('event: notification') || !data) continue;
        const commentId = JSON.parse(data.slice(6)).notification.comment_id as number | null;
        if (commentId !== null && !arrived.has(commentId)) arrived.set(commentId, at);
      }
    }
  })().catch(() => undefined);

  const latencies: number[] = [];
  let early = 0;
  let lost = 0;
  for (let i = 0; i < count; i++) {
    const author = authors[i % authors.length]!;
    const body = `@[${b.name}](${b.id}) comment ${i + 1} of ${count}`;
    const at_ = `/api/ops/asset/${assetId}/comment/add`;
    const answer = fresh_
      ? await postFresh(author.session, at_, { body })
      : await call(author.session, 'POST', at_, { body });
    const answeredAt = performance.now();
    const commentId = answer.comment.id as number;
    const deadline = answeredAt + 5000;
    while (!arrived.has(commentId) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
    const at = arrived.get(commentId);
    if (at === undefined) lost += 1;
    else {
      // The event can beat the answer to the client (the fan-out ran while the answer was on its way).
      if (at < answeredAt) early += 1;
      latencies.push(Math.max(0, at - answeredAt));
    }
    if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
  }
  ctl.abort();
  await reading;
  console.log(
    JSON.stringify(
      {
        bench: 'notify',
        server: given ? base : { processes, data: fresh ? 'fresh SQLite' : 'DATA_DIR / DATABASE_URL' },
        connections: fresh_ ? 'one per comment' : 'kept alive',
        comments: count,
        authors: authorCount,
        delivered: latencies.length,
        lost_after_5s: lost,
        before_answer: early,
        ms_from_answer_to_event: stats(latencies),
      },
      null,
      2,
    ),
  );
} finally {
  await server?.stop();
  if (fresh) rmSync(fresh, { recursive: true, force: true });
}
