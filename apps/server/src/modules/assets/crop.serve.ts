import type { AssetCropQuery } from '@brandvault/contract';
import type { z } from 'zod';
import type { Principal } from '../../access/principal.js';
import type { Deps } from '../../deps/deps.js';
import { AppError, invalid } from '../../http/errors.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import { BlobNotFoundError } from '../../storage/index.js';
import type { XmpAsset } from '../metadata/embed/xmpOut.js';
import { cropWithXmp } from '../metadata/embed/xmpOut.js';
import { applyWatermark, planWatermark, recordTrace } from '../watermarks/watermark.apply.js';
import { croppable, renderCrop } from './crop.js';
import type { Rendered } from './crop.js';

/**
 * A cropped or converted copy of an image original as this principal gets it: rendered from the
 * original, marked and traced when the brand (or link) marks this principal's downloads, with the
 * asset's metadata in XMP. Signed-in readers and public guidelines links alike; the caller has
 * checked the rights and records the download.
 */
export async function servedCrop(
  deps: Deps,
  principal: Principal,
  a: XmpAsset & { blob_key: string; type: string },
  q: z.output<typeof AssetCropQuery>,
): Promise<{ answer: FileAnswer; out: Rendered }> {
  if (!croppable(a)) throw invalid({ format: 'cropImage' });
  let source;
  try {
    source = await deps.storage.get(a.blob_key);
  } catch (err) {
    if (err instanceof BlobNotFoundError) throw new AppError('NOT_FOUND');
    throw err;
  }
  const out = await renderCrop(source, a.name, q);
  // A crop is a download like any other: guests of a watermarking brand get it marked.
  const plan = await planWatermark(deps, principal, a.brand_id, 'download');
  const marked = plan ? await applyWatermark(out.data, plan, out.mime) : null;
  if (plan && marked) {
    out.data = marked.data;
    await recordTrace(deps, plan, a.id);
  }
  out.data = await cropWithXmp(deps, a, out.data, out.mime);
  const answer = new FileAnswer(
    200,
    {
      ...fileSafetyHeaders(),
      'content-type': out.mime,
      'content-length': out.data.length,
      'content-disposition': contentDisposition(out.name),
      'cache-control': 'private, no-store',
    },
    out.data,
  );
  return { answer, out };
}

/** What a crop's download entry records: the version, the rectangle drawn, the format and size. */
export const cropAudit = (
  a: { current_version: number },
  q: z.output<typeof AssetCropQuery>,
  out: Pick<Rendered, 'rect' | 'width' | 'height'>,
) => ({
  version: a.current_version,
  crop: { x: q.x, y: q.y, w: q.w, h: q.h, upscale: q.upscale === 'true', ...out.rect },
  format: q.format,
  width: out.width,
  height: out.height,
});
