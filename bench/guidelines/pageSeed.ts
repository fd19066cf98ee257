// The brand bench/guidelines/page.ts reads: ASSETS photo-like JPEGs uploaded through the server
// (its job worker makes their thumbnails and previews), a member, and one published guidelines
// page of BLOCKS blocks of every reading type, the asset-showing ones using every asset once.
import sharp from 'sharp';
import type { GuidelineBlock } from '@brandvault/contract';
import { BENCH_PASSWORD, USERS, openBenchDb, signIn } from '../lib/common.js';
import type { Session } from '../lib/common.js';
import { photoLikeJpeg } from '../lib/photo.js';

export const MEMBER = 'guide-member@example.com';
export const BRAND_NAME = 'Guide Bench';

async function call(base: string, s: Session, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: s.headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}
async function form(base: string, s: Session, path: string, fd: FormData) {
  const { 'content-type': _json, ...headers } = s.headers;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: fd });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const words =
  'Keep clear space around the logo equal to the height of the mark; never stretch, tint or rotate it. ' +
  'Use the full-colour logo on white and light photos, the white one on dark and busy ones.';

/**
 * `count` blocks cycling through text, palette, image, do/don't, typography, assets, callout and
 * divider; image, do/don't (two pairs) and asset blocks take the next assets in turn, the asset
 * blocks as many as leave every asset used once.
 */
export function pageBlocks(count: number, ids: number[]): GuidelineBlock[] {
  const cycle = ['text', 'palette', 'image', 'dodont', 'typography', 'assets', 'callout', 'divider'] as const;
  const types = Array.from({ length: count }, (_, i) => cycle[i % cycle.length]!);
  const n = (t: string) => types.filter((x) => x === t).length;
  const perGrid = Math.max(1, Math.ceil((ids.length - n('image') - 4 * n('dodont')) / Math.max(1, n('assets'))));
  let next = 0;
  const take = () => ids[next++ % ids.length]!;
  return types.map((type, i): GuidelineBlock => {
    const id = `b${i}`;
    switch (type) {
      case 'text':
        return {
          id,
          type,
          nodes: [
            { type: 'heading', level: 2, spans: [{ text: `Rule ${i + 1}` }] },
            { type: 'paragraph', spans: [{ text: words }, { text: ' Always.', bold: true }] },
            { type: 'list', ordered: false, items: [[{ text: 'Minimum size 24 px' }], [{ text: 'One logo a page' }]] },
          ],
        };
      case 'palette':
        return {
          id,
          type,
          title: 'Primary colours',
          colours: ['#D81E05', '#1C7ED6', '#2B8A3E', '#F08C00'].map((hex, k) => ({
            name: `Colour ${k + 1}`,
            hex,
            cmyk: [0, 90, 100, 10] as [number, number, number, number],
            pantone: `${485 + k} C`,
          })),
        };
      case 'image':
        return { id, type, asset_id: take(), caption: 'The primary lockup' };
      case 'dodont':
        return {
          id,
          type,
          pairs: [0, 1].map(() => ({
            do: { asset_id: take(), caption: 'On a calm background' },
            dont: { asset_id: take(), caption: 'Stretched' },
          })),
        };
      case 'typography':
        return { id, type, font_name: 'Inter', weights: [400, 600, 700], sample: 'The quick brown fox jumps' };
      case 'assets':
        return {
          id,
          type,
          asset_ids: Array.from({ length: Math.min(24, perGrid) }, take),
          downloads: ['original', 'png', 'presets'],
        };
      case 'callout':
        return { id, type, tone: 'warning', text: words };
      default:
        return { id, type: 'divider' };
    }
  });
}

/** The page of an earlier seed in the same data directory, when there is one (its member signs in). */
async function earlier(base: string) {
  const member = await signIn(base, MEMBER).catch(() => null);
  if (!member) return null;
  const me = await call(base, member, 'GET', '/api/auth/me');
  const brand = (me.session_user.brands as { id: number; name: string }[]).find((b) => b.name === BRAND_NAME);
  if (!brand) return null;
  const tree = await call(base, member, 'GET', `/api/ops/brand/${brand.id}/guidelines`);
  const page = (tree.items as { id: number; kind: string }[]).find((n) => n.kind === 'page');
  return page ? { brandId: brand.id, pageId: page.id, reused: true } : null;
}

/**
 * Uploads the photos, waits for their derivatives, makes the member and publishes the page; in a
 * data directory seeded before, the page made then.
 */
export async function seedGuidelinePage(base: string, assets: number, blocks: number) {
  const before = await earlier(base);
  if (before) return before;
  const admin = await signIn(base, USERS.admin, BENCH_PASSWORD);
  const fd = new FormData();
  fd.append('name', BRAND_NAME);
  fd.append('slug', `guide-${Date.now().toString(36)}`);
  const brand = (await form(base, admin, '/api/ops/brand/create', fd)).brand as { id: number; root_folder_id: number };
  // 1600×1200 photos, a hue of their own each, so no two files are the same.
  const photo = await photoLikeJpeg(1600, 1200);
  const ids: number[] = [];
  for (let start = 0; start < assets; start += 5) {
    const batch = new FormData();
    for (let i = start; i < Math.min(assets, start + 5); i++) {
      const jpeg = await sharp(photo)
        .modulate({ hue: (i * 37) % 360 })
        .jpeg({ quality: 85 })
        .toBuffer();
      batch.append('files', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), `photo-${i + 1}.jpg`);
    }
    const made = await form(base, admin, `/api/ops/asset/${brand.id}/${brand.root_folder_id}/new`, batch);
    ids.push(...(made.results as { asset_id: number }[]).map((r) => r.asset_id));
  }
  const { handle } = await openBenchDb();
  try {
    for (let waited = 0; ; waited += 200) {
      const row = await handle.db
        .selectFrom('assets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('brand_id', '=', brand.id)
        .where('derivatives', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(row.n) === 0) break;
      if (waited > 300_000) throw new Error(`${row.n} assets still without derivatives after 300 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await handle.close();
  }
  await call(base, admin, 'POST', '/api/ops/users/create', {
    first_name: 'Guide',
    last_name: 'Member',
    email: MEMBER,
    password: BENCH_PASSWORD,
    password_confirmation: BENCH_PASSWORD,
    roles: ['member'],
    brands: [brand.id],
  });
  const page = await call(base, admin, 'POST', `/api/ops/brand/${brand.id}/guidelines`, {
    kind: 'page',
    title: 'Logo',
  });
  await call(base, admin, 'PUT', `/api/ops/guideline/${page.id}`, {
    title: 'Logo',
    blocks: pageBlocks(blocks, ids),
  });
  await call(base, admin, 'POST', `/api/ops/guideline/${page.id}/publish`);
  // The member has taken the onboarding tour, which would otherwise cover the page.
  const member = await signIn(base, MEMBER);
  await call(base, member, 'PATCH', '/api/auth/user/tour/update', { outcome: 'completed' });
  return { brandId: brand.id, pageId: page.id as number, reused: false };
}
