import { AppError } from '../../http/errors.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { Deps } from '../../deps/deps.js';
import { BlobNotFoundError } from '../../storage/index.js';
import type { Principal } from '../../access/principal.js';
import { applyWatermark, planWatermark, recordTrace } from './watermark.apply.js';
import { ensureMarked } from './watermark.previews.js';

type ServeDeps = Pick<Deps, 'repos' | 'storage' | 'clock'>;

async function sourceOf(storage: Deps['storage'], key: string): Promise<Buffer | string> {
  const path = storage.localPath(key);
  if (path) return path;
  try {
    const chunks: Buffer[] = [];
    for await (const c of await storage.get(key)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw new AppError('NOT_FOUND');
    throw err;
  }
}

/**
 * The original as this principal must get it: marked and traced when the brand or link asks
 * (rendered per recipient, never cached), or null when the plain file is theirs to have.
 */
export async function markedOriginal(
  deps: ServeDeps,
  principal: Principal,
  a: { id: number; brand_id: number; blob_key: string; mime: string; name: string },
): Promise<FileAnswer | null> {
  if (!a.mime.startsWith('image/')) return null;
  const plan = await planWatermark(deps, principal, a.brand_id, 'download');
  if (!plan) return null;
  const out = await applyWatermark(await sourceOf(deps.storage, a.blob_key), plan, a.mime);
  if (!out) return null;
  await recordTrace(deps, plan, a.id);
  const base = a.name.replace(/\.[^.]+$/, '') || 'image';
  const name = a.name.toLowerCase().endsWith(`.${out.ext}`) || out.mime === a.mime ? a.name : `${base}.${out.ext}`;
  return new FileAnswer(
    200,
    {
      ...fileSafetyHeaders(),
      'content-type': out.mime,
      'content-length': out.data.length,
      'content-disposition': contentDisposition(name),
      'cache-control': 'private, no-store',
    },
    out.data,
  );
}

/**
 * The key of the thumbnail or preview this principal sees: the marked copy when it must be
 * marked; null (not found) rather than the clean one when the copy cannot be drawn.
 */
export async function previewKeyFor(
  deps: ServeDeps,
  principal: Principal,
  brandId: number,
  key: string,
): Promise<string | null> {
  const plan = await planWatermark(deps, principal, brandId, 'preview');
  if (!plan?.overlay) return key;
  return ensureMarked(deps, brandId, plan.overlay, key);
}

/**
 * A thumbnail or preview handed out through a link (a share or guidelines link): marked when the
 * link's principal must see it marked, and never cached, since the link is checked at every fetch.
 */
export async function linkPreviewFile(
  deps: ServeDeps,
  principal: Principal,
  brandId: number,
  source: string | null,
): Promise<FileAnswer> {
  const key = source ? await previewKeyFor(deps, principal, brandId, source) : null;
  const stat = key ? await deps.storage.stat(key) : null;
  if (!key || !stat) throw new AppError('NOT_FOUND');
  return new FileAnswer(
    200,
    {
      ...fileSafetyHeaders(),
      'cache-control': 'private, no-store',
      'content-type': key.endsWith('.png') ? 'image/png' : key.endsWith('.jpg') ? 'image/jpeg' : 'image/webp',
      'content-length': stat.size,
    },
    await deps.storage.get(key),
  );
}

/**
 * A picture drawn into a PDF (a selection's pages, guidelines) as this principal's download of
 * it: marked and traced as the brand marks their downloads (guests), else the bytes as they are.
 */
export function markedPreview(
  deps: ServeDeps,
  principal: Principal,
  a: { id: number; brand_id: number },
  load: () => Promise<Buffer | null>,
) {
  return async () => {
    const bytes = await load();
    if (!bytes) return null;
    const plan = await planWatermark(deps, principal, a.brand_id, 'download');
    if (!plan) return bytes;
    const out = await applyWatermark(bytes, plan, 'image/jpeg');
    if (out) await recordTrace(deps, plan, a.id);
    return out?.data ?? bytes;
  };
}
