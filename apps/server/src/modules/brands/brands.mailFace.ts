import type { Clock } from '../../lib/clock.js';
import { mediaUrlFactory } from '../../lib/mediaUrl.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { MailFace } from '../../mail/templates.js';
import type { BrandsRepo } from './brands.repo.js';
import { mailFace } from './brands.view.js';

/**
 * The face of the one brand a message is about (issue 44 §5); undefined, the product's own face,
 * when it is about several brands or none, so no brand speaks for another's files.
 */
export async function mailFaceOfBrands(
  brands: Pick<BrandsRepo, 'summaryById'>,
  brandIds: Iterable<number>,
  media: MediaUrl,
  appUrl: string,
): Promise<MailFace | undefined> {
  const ids = [...new Set(brandIds)];
  if (ids.length !== 1) return undefined;
  const brand = await brands.summaryById(ids[0]!);
  return brand ? mailFace(brand, media, appUrl.replace(/\/$/, '')) : undefined;
}

/** Media links for mail a job writes: signed with the app key, or none when the worker has no key. */
export const jobMedia = (appKey: string | undefined, clock: Clock): MediaUrl =>
  appKey ? mediaUrlFactory(appKey, clock) : () => null;
