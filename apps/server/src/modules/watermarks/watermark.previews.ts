import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import type { WatermarkPlan } from './watermark.apply.js';
import { overlayOf, overlaySettings } from './watermark.apply.js';
import { renderMarks } from './watermark.render.js';
import { isGuestOnly } from '../brands/watermarks.policy.js';

/**
 * Watermarked thumbnails and previews are derivatives of their own, keyed by the brand and the
 * mark's version: rendered once on first fetch, then served like any other derivative, and a
 * changed mark gets new keys (old pages keep working, new ones never show the stale mark).
 */
const SOURCE = 'derivatives/';
const MARKED = /^derivatives\/wm\/b(\d{1,10})-([0-9a-f]{10})\/(.+)$/;

export const markedKey = (brandId: number, version: string, sourceKey: string) =>
  sourceKey.startsWith(SOURCE) && !MARKED.test(sourceKey)
    ? `${SOURCE}wm/b${brandId}-${version}/${sourceKey.slice(SOURCE.length)}`
    : null;

async function render(deps: Pick<Deps, 'storage'>, overlay: NonNullable<WatermarkPlan['overlay']>, source: string) {
  const path = deps.storage.localPath(source);
  let input: Buffer | string;
  if (path) input = path;
  else {
    const chunks: Buffer[] = [];
    for await (const c of await deps.storage.get(source)) chunks.push(c as Buffer);
    input = Buffer.concat(chunks);
  }
  return renderMarks(input, { overlay, traceText: null, traceCode: null });
}

/** The key of the marked copy of a derivative, rendered and stored if it is not yet; null if it cannot be. */
export async function ensureMarked(
  deps: Pick<Deps, 'storage'>,
  brandId: number,
  overlay: NonNullable<WatermarkPlan['overlay']>,
  source: string,
): Promise<string | null> {
  const key = markedKey(brandId, overlay.version, source);
  if (!key) return null;
  if (await deps.storage.stat(key)) return key;
  if (!(await deps.storage.stat(source))) return null;
  const out = await render(deps, overlay, source);
  if (!out) return null;
  await deps.storage.put(key, out.data, out.mime);
  return key;
}

/**
 * A marked key asked for by signed link and not stored yet (first fetch, or storage swept): drawn
 * now with the brand's current mark. A mark changed since the link was signed is drawn but not
 * stored under the old version's key.
 */
export async function renderMarkedOnDemand(deps: Pick<Deps, 'storage' | 'repos'>, key: string) {
  const m = MARKED.exec(key);
  if (!m) return null;
  const brandId = Number(m[1]);
  const source = `${SOURCE}${m[3]}`;
  const row = await deps.repos.watermarks.ofBrand(brandId);
  if (!row || !(await deps.storage.stat(source))) return null;
  const overlay = await overlayOf(deps.storage, row);
  if (!overlay) return null;
  const out = await render(deps, overlay, source);
  if (out && overlay.version === m[2]) await deps.storage.put(key, out.data, out.mime);
  return out;
}

/**
 * The picture links a listing hands this actor: guests get the marked copies of the brands that
 * watermark for guests (one small query); everyone else the plain ones, at no cost.
 */
export async function cardMedia(
  deps: Pick<Deps, 'repos' | 'media'>,
  actor: Actor,
): Promise<MediaUrl & { tag?: string }> {
  if (!isGuestOnly(actor)) return deps.media;
  const rows = await deps.repos.watermarks.guestBrands();
  if (!rows.length) return deps.media;
  const versions = new Map(rows.map((r) => [r.brand_id, overlaySettings(r).version]));
  const media: MediaUrl = (key, brandId) => {
    const version = brandId === undefined ? undefined : versions.get(brandId);
    return deps.media((key && version && markedKey(brandId!, version, key)) || key);
  };
  // Answers kept for reuse (search) differ by it: guests' links name the marks' versions.
  return Object.assign(media, { tag: `wm:${[...versions].map(([b, v]) => `${b}-${v}`).join(',')}` });
}
