import type { BrandFaceOfPath } from '@brandvault/contract';
import type { Deps } from '../../deps/deps.js';
import { brandFace } from '../brands/brands.view.js';
import { tokenHashOf } from './shareLinks.token.js';

const SHARE = /^\/collections\/shared\/(\d{1,12})\/using\/([A-Za-z0-9_-]{1,200})$/;

/**
 * The brand a sign-in return path names: a live share link's. Only the brand's public face
 * answers, never the collection's own details, and any other path (or an unknown, inactive or
 * mistyped one) answers null, so nothing is told apart. Asset and folder paths are not answered:
 * their ids can be guessed, and anyone could then learn which brand holds a file.
 */
export async function brandFaceOfPath(deps: Deps, next: string): Promise<BrandFaceOfPath> {
  const { repos, media, appKey, clock } = deps;
  const brandId = async (): Promise<number | undefined> => {
    const share = SHARE.exec(next);
    if (!share) return undefined;
    const link = await repos.shareLinks.byHash(tokenHashOf(appKey, share[2]!));
    const live =
      link &&
      link.collection_id === Number(share[1]) &&
      link.revoked_at === null &&
      (link.expires_at === null || new Date(link.expires_at) > clock.now());
    return live ? (await repos.brands.mainOfCollection(link.collection_id))?.id : undefined;
  };
  const id = await brandId();
  const row = id === undefined ? undefined : await repos.brands.summaryById(id);
  if (!row || row.status !== 'ACTIVE') return { brand: null };
  const { name, logo_uri, accent_color } = brandFace(row, media);
  return { brand: { name, logo_uri, accent_color } };
}
