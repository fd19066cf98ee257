import { appendFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '@brandvault/contract';
import type { RouteDef } from '@brandvault/contract';
import { makeUser, startApp } from '../../test/harness.js';
import type { Client, TestApp } from '../../test/harness.js';
import { buildWorld, uniquePng } from '../../test/authzWorld.js';
import type { World } from '../../test/authzWorld.js';
import { casesFor, operations } from '../../test/fuzzCases.js';
import type { Baseline, FuzzCase, Op } from '../../test/fuzzCases.js';
import { headerCases, multipartCases, tusCases } from '../../test/fuzzMultipart.js';
import type { FormRoute } from '../../test/fuzzMultipart.js';
import { prng, sample } from '../../test/fuzzValues.js';
import { thrownBy } from '../../test/routeRecorder.js';

// Records what each failing request threw, for the failure message.
vi.mock('fastify', async (orig) => (await import('../../test/routeRecorder.js')).recordingFastify(await orig()));

/** FUZZ_SEED=n explores other picks; the default keeps CI reproducible. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Admins the signed-in cases rotate through, so per-user rate limits rarely answer first. */
const ADMINS = 8;
const CONCURRENCY = 4;
/** FUZZ_LOG=file appends every request and its status there, to see what a run reached. */
const LOG = process.env.FUZZ_LOG;

let t: TestApp;
let w: World;
let tokens: string[];
/** The admin who started the tus upload the tus cases poke at (only its owner gets that far). */
let owner: Client;
let xsrf: string;
let cases: (FuzzCase & { owner?: boolean })[];

/** A licence and a consent of brand A, whose documents the multipart cases send. */
const rights = { licence: 1, consent: 1 };

/** The multipart body each multipart route reads (the document describes JSON bodies only). */
function formRoutes(w: World): Record<string, FormRoute> {
  const png = { method: 'POST', files: [] as string[] };
  return {
    brandCreate: {
      ...png,
      url: '/api/ops/brand/create',
      fields: { name: 'Fuzz', slug: 'fuzz' },
      files: ['image', 'logo'],
    },
    brandUpdate: { ...png, url: `/api/ops/brand/${w.A.id}/update`, fields: { name: 'Fuzz' }, files: ['image'] },
    folderUpdate: { ...png, url: `/api/ops/folder/${w.pub}/update`, fields: { name: 'Fuzz' }, files: ['image'] },
    assetUpload: { ...png, url: `/api/ops/asset/${w.A.id}/${w.pub}/new`, fields: {}, files: ['files'] },
    versionNew: { ...png, url: '/api/ops/asset/version/new', fields: { asset_id: String(w.asset) }, files: ['file'] },
    brandWatermarkUpdate: {
      ...png,
      url: `/api/ops/brand/${w.A.id}/watermark`,
      fields: { position: 'center', opacity: '40' },
      files: ['image'],
    },
    watermarkTrace: { ...png, url: '/api/ops/watermark/trace', fields: {}, files: ['file'] },
    userPhotoUpload: { ...png, url: `/api/ops/users/${w.memberA.id}/photo/upload`, fields: {}, files: ['photo'] },
    reportAssetTemplateUpdate: {
      ...png,
      url: '/api/ops/report/update/asset/template',
      fields: {},
      files: ['template'],
    },
    reportUserTemplateUpdate: { ...png, url: '/api/ops/report/update/user/template', fields: {}, files: ['template'] },
    // The first brand's first system vocabulary: a sheet of options, or pasted text without one.
    optionImport: { ...png, url: '/api/ops/metadata/vocabulary/1/import', fields: {}, files: ['sheet'] },
    licenceDocumentUpload: { ...png, url: `/api/ops/licence/${rights.licence}/documents`, fields: {}, files: ['file'] },
    consentDocumentUpload: { ...png, url: `/api/ops/consent/${rights.consent}/documents`, fields: {}, files: ['file'] },
  };
}

/** Objects that the destructive operations get for themselves, so the rest keep theirs. */
type Own = Record<'folderRemove' | 'folderMove' | 'assetStatus' | 'brandStatus', number>;

function baseline(w: World, own: Own): Baseline {
  const media = new URL(w.mediaUrl, 'http://app.test');
  const known = (op: Op): Record<string, unknown> => ({
    brand_id: w.A.id,
    folder_id: w.pub,
    parent_id: op.id === 'folderMove' ? w.A.root : w.pub,
    asset_id: w.asset,
    ids: op.id === 'folderStats' ? [w.pub] : [w.asset],
    brands: [w.A.id],
  });
  return {
    pathValue(op, name) {
      if (op.id in own) return String(own[op.id as keyof Own]);
      if (name === '*') return media.pathname.replace('/api/media/', '');
      if (name === 'brandId') return String(w.A.id);
      if (name === 'folderId') return String(w.pub);
      if (name === 'number') return '1';
      if (op.id === 'versionRestore') return String(w.versioned);
      if (op.path.includes('/users/')) return String(w.memberA.id);
      if (op.path.includes('/brand/')) return String(w.A.id);
      if (op.path.includes('/folder/') || op.path.includes('/list/all/')) return String(w.pub);
      return String(w.asset);
    },
    query: (op) =>
      op.id === 'media'
        ? Object.fromEntries(media.searchParams)
        : op.id === 'folderTree'
          ? { brand_id: String(w.A.id) }
          : {},
    body(op) {
      if (!op.body) return undefined;
      const valid = sample(op.body) as Record<string, unknown>;
      // Ids of real objects, so that a request with one bad field is otherwise one that works.
      for (const [k, v] of Object.entries(known(op))) if (op.body.properties?.[k]) valid[k] = v;
      return valid;
    },
  };
}

beforeAll(async () => {
  t = await startApp();
  w = await buildWorld(t);
  // Ids a lenient parser reads out of odd text (' 1', '01', '0x10'): a case could deactivate them.
  const reachable = new Set([1, 16]);
  const admins: Client[] = [];
  while (admins.length < ADMINS + 1) {
    const u = await makeUser(t, w.admin, { roles: ['admin'] });
    if (!reachable.has(u.id)) admins.push(u.client);
  }
  owner = admins.pop()!;
  tokens = admins.map((c) => c.token!);
  xsrf = w.admin.xsrf!;
  rights.licence = (await w.admin.post(`/api/ops/brand/${w.A.id}/licences`, { name: 'Fuzz licence' })).json().id;
  rights.consent = (await w.admin.post(`/api/ops/brand/${w.A.id}/consents`, { person: 'Fuzz person' })).json().id;
  const started = await owner.req('POST', '/api/uploads', undefined, { headers: w.tusHeaders(w.pub) });
  if (started.statusCode !== 201) throw new Error(`tus: ${started.statusCode} ${started.body}`);
  const upload = new URL(String(started.headers.location), 'http://app.test').pathname;
  const doc = (await w.admin.get('/api/docs')).json();
  const ops: Op[] = operations(doc);
  const rng = prng(SEED);
  const own: Own = {
    folderRemove: await w.freshFolder(),
    folderMove: await w.freshFolder(),
    assetStatus: await w.freshAsset(),
    brandStatus: await w.freshBrand(),
  };
  const base = baseline(w, own);
  cases = [];
  for (const op of ops) {
    // Signed-out-only routes refuse a session before validation: those go in anonymously.
    const anonymousOnly = op.access === 'guest';
    const mine = casesFor(op, base, rng).map((c) => ({ ...c, anonymous: anonymousOnly }));
    // A few of each route's cases go in anonymously as well, and those that end or swap the
    // admins' sessions (logout, emulation) only so.
    const endsSession = op.id === 'logout' || op.id === 'userSwitch' || op.id === 'userSwitchEnd';
    const anon = endsSession ? mine : rng.some(mine, 3);
    cases.push(...(endsSession ? [] : mine), ...anon.map((c) => ({ ...c, anonymous: true })));
  }
  const forms = formRoutes(w);
  const png = await uniquePng();
  for (const form of Object.values(forms)) cases.push(...multipartCases(form, png, rng));
  cases.push(...tusCases(w.A.id, w.pub, upload).map((c) => ({ ...c, owner: true })));
  cases.push(...headerCases(`/api/ops/asset/${w.asset}/download`));
}, 120_000);
afterAll(() => t?.close());

/** A fresh e-mail and slug in each body, so creations get past "already taken" to the rest. */
const unique = (payload: string | Buffer, i: number) =>
  typeof payload === 'string'
    ? payload.replaceAll('fuzz.sample@', `fuzz.sample${i}@`).replaceAll('"fuzz-sample"', `"fuzz-sample-${i}"`)
    : payload;

let ipSeq = 0;
/** Sends one case; every call comes from an address of its own (IP-keyed limits never bite). */
async function send(c: FuzzCase & { owner?: boolean }, i: number) {
  ipSeq += 1;
  const headers: Record<string, string> = {};
  if (c.contentType !== undefined) headers['content-type'] = c.contentType;
  if (!c.anonymous) headers.authorization = `Bearer ${c.owner ? owner.token : tokens[i % tokens.length]}`;
  if (!['GET', 'HEAD', 'OPTIONS'].includes(c.method)) {
    headers['x-xsrf-token'] = xsrf;
    headers.cookie = `XSRF-TOKEN=${xsrf}`;
  }
  return t.app.inject({
    method: c.method as 'GET',
    url: c.url,
    headers: { ...headers, ...c.headers },
    remoteAddress: `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
    ...(c.payload !== undefined ? { payload: unique(c.payload, i) } : {}),
  });
}

describe(`fuzzing every operation of the OpenAPI document (seed ${SEED})`, () => {
  it('covers every multipart route of the contract', () => {
    const multipart = (Object.entries(routes) as [string, RouteDef][]).filter(([, r]) => r.multipart).map(([n]) => n);
    expect(multipart.sort()).toEqual(Object.keys(formRoutes(w)).sort());
  });

  it('answers thousands of malformed requests without a single 5xx', async () => {
    expect(cases.length).toBeGreaterThan(2000);
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    const refused: string[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < cases.length; i = next++) {
        const c = cases[i]!;
        let res;
        try {
          res = await send(c, i);
        } catch (err) {
          // light-my-request refusing to build the request (an illegal header) is no server answer.
          refused.push(`${c.what}: ${(err as Error).message}`);
          continue;
        }
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (LOG)
          appendFileSync(
            LOG,
            `${res.statusCode} ${c.method} ${c.url.slice(0, 100)} [${c.what}]${c.anonymous ? ' anonymous' : ''}\n`,
          );
        if (res.statusCode >= 500) {
          const threw = thrownBy(t.app, String(res.headers['x-request-id'])) ?? '(nothing thrown through Fastify)';
          failures.push(
            `${c.method} ${c.url.slice(0, 100)} [${c.what}]${c.anonymous ? ' anonymous' : ''} -> ${res.statusCode} ${res.body.slice(0, 160)} | ${threw}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    console.log(`fuzz: ${cases.length} requests (${refused.length} not sendable); ${summary.join(', ')}`);
    expect(failures.length, `${failures.length} answers were 5xx (seed ${SEED}):\n${failures.join('\n')}`).toBe(0);
    // Most requests must reach validation: a run answered mostly 429 or 401 proves nothing.
    const limited = (statuses.get(429) ?? 0) + (statuses.get(401) ?? 0);
    expect(limited / cases.length).toBeLessThan(0.15);
  }, 180_000);
});
