import type { Readable } from 'node:stream';
import { WATERMARK_OPACITY, WATERMARK_SCALE } from '@brandvault/contract';
import type { WatermarkPosition } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { sha256 } from '../../lib/crypto.js';
import type { Deps } from '../../deps/deps.js';
import type { Principal } from '../../access/principal.js';
import { isGuestOnly } from '../brands/watermarks.policy.js';
import type { BrandWatermarkRow } from './watermarks.repo.js';
import { shortTraceCode, traceCode } from './traceCode.js';
import type { Marked, OverlaySpec } from './watermark.render.js';
import { renderMarks } from './watermark.render.js';

/**
 * How to watermark one picture for one recipient. Use (zip members, PDF pages, downloads alike):
 * `const plan = await planWatermark(deps, principal, asset.brand_id, 'download')`; when the plan
 * is not null, `const out = await applyWatermark(bytes, plan, asset.mime)` gives the marked bytes
 * (null for non-images: ship those as they are), and `await recordTrace(deps, plan, asset.id)`
 * once `out` is sent, so the admin trace tool can name the recipient of that file.
 */
export interface WatermarkPlan {
  brandId: number;
  /** The brand's mark; `version` changes whenever it would look different (cache key of previews). */
  overlay: (OverlaySpec & { version: string }) | null;
  /** Downloads only: the recipient's tiled text and the opaque code written into the metadata. */
  trace: { text: string; code: string; linkId: number | null; userId: number | null } | null;
}

type PlanDeps = Pick<Deps, 'repos' | 'storage' | 'clock'>;

/** Watermark images kept in memory by key (keys are new at each upload, so never stale). */
const images = new Map<string, Buffer>();
const IMAGES_KEPT = 32;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function imageOf(storage: Deps['storage'], key: string): Promise<Buffer | null> {
  const kept = images.get(key);
  if (kept) return kept;
  try {
    const data = await bytesOf(await storage.get(key));
    if (images.size >= IMAGES_KEPT) images.delete(images.keys().next().value!);
    images.set(key, data);
    return data;
  } catch {
    return null;
  }
}

/** The settings of the brand's mark and their version, without reading the image. */
export function overlaySettings(
  row: Pick<BrandWatermarkRow, 'brand_name' | 'image_key' | 'position' | 'opacity' | 'scale'>,
) {
  const settings = {
    imageKey: row.image_key ?? null,
    text: row.image_key ? null : row.brand_name,
    // A link asking for a watermark of a brand that set none gets the brand's name across the picture.
    position: (row.position ?? 'tiled') as WatermarkPosition,
    opacity: row.opacity ?? WATERMARK_OPACITY.default,
    scale: row.scale ?? WATERMARK_SCALE.default,
  };
  return { ...settings, version: sha256(JSON.stringify(settings)).slice(0, 10) };
}

/** The brand's mark ready to draw, or null when its stored image is gone. */
export async function overlayOf(storage: Deps['storage'], row: BrandWatermarkRow): Promise<WatermarkPlan['overlay']> {
  const s = overlaySettings(row);
  const image = s.imageKey ? await imageOf(storage, s.imageKey) : null;
  if (s.imageKey && !image) return null;
  return { image, text: s.text, position: s.position, opacity: s.opacity, scale: s.scale, version: s.version };
}

/**
 * Whether and how a principal's copy of a brand's picture is marked. Members and administrators
 * get clean files. Users holding only the guest role get the brand's mark when the brand applies
 * it to guests, and the trace on downloads when the brand asks for it. A share link marks when it
 * or the brand asks, and traces downloads when it or the brand asks.
 */
export async function planWatermark(
  deps: PlanDeps,
  principal: Principal,
  brandId: number,
  purpose: 'preview' | 'download',
): Promise<WatermarkPlan | null> {
  if (principal.kind === 'guidelineLink') {
    // Whoever holds a public guidelines link is a guest to the brand: marked as guests are,
    // with nobody known to trace.
    const row = await deps.repos.watermarks.ofBrand(brandId);
    return row?.apply_to_guests === 1 ? { brandId, overlay: await overlayOf(deps.storage, row), trace: null } : null;
  }
  const share = principal.kind === 'share';
  if (!share && !isGuestOnly(principal)) return null;
  const row = await deps.repos.watermarks.ofBrand(brandId);
  if (!row) return null;
  const marks = share ? principal.link.watermark === 1 || row.apply_to_guests === 1 : row.apply_to_guests === 1;
  const traces =
    purpose === 'download' && (share ? principal.link.traceable === 1 || row.traceable === 1 : row.traceable === 1);
  if (!marks && !traces) return null;
  const overlay = marks ? await overlayOf(deps.storage, row) : null;
  let trace: WatermarkPlan['trace'] = null;
  if (traces) {
    const day = iso(deps.clock.now()).slice(0, 10);
    const viewerId = share ? principal.viewerId : principal.user.id;
    const viewer = viewerId === null ? undefined : share ? await deps.repos.users.byId(viewerId) : principal.user;
    let text = viewer ? `${viewer.email} · ${day}` : '';
    if (share) {
      const collection = await deps.repos.collections.byId(principal.link.collection_id);
      text = `${text ? `${text} · ` : ''}${collection?.name ?? ''} · link #${principal.link.id}${viewer ? '' : ` · ${day}`}`;
    }
    trace = { text, code: traceCode(), linkId: share ? principal.link.id : null, userId: viewer?.id ?? null };
  }
  if (!overlay && !trace) return null;
  return { brandId, overlay, trace };
}

const MARKABLE = /^image\/(jpeg|png|webp|gif|tiff|avif|heif)$/;

/** The picture with the plan's marks (and its trace code in XMP), or null when it is not a picture. */
export async function applyWatermark(
  input: Buffer | string,
  plan: WatermarkPlan,
  mime: string,
): Promise<Marked | null> {
  if (!MARKABLE.test(mime)) return null;
  return renderMarks(input, {
    overlay: plan.overlay,
    traceText: plan.trace?.text ?? null,
    traceLabel: plan.trace ? shortTraceCode(plan.trace.code) : null,
    traceCode: plan.trace?.code ?? null,
  });
}

/** Stores what the plan's trace code names, once its file has been handed out. */
export async function recordTrace(deps: PlanDeps, plan: WatermarkPlan, assetId: number) {
  if (!plan.trace) return;
  await deps.repos.watermarks.addTrace({
    code: plan.trace.code,
    link_id: plan.trace.linkId,
    user_id: plan.trace.userId,
    asset_id: assetId,
    created_at: iso(deps.clock.now()),
  });
}
