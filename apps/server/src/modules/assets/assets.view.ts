import type { AssetCard, AssetType } from '@brandvault/contract';
import { ASSET_TYPES } from '@brandvault/contract';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { Actor } from '../auth/actor.js';
import { assetAbilities } from './assets.policy.js';
import type { AssetRow } from './assets.repo.js';

const asType = (t: string): AssetType => ((ASSET_TYPES as readonly string[]).includes(t) ? (t as AssetType) : 'other');
const asDerivatives = (d: string): AssetCard['derivatives'] =>
  d === 'ready' || d === 'none' || d === 'failed' ? d : 'pending';

export const parseList = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export function assetCard(actor: Actor, a: AssetRow, media: MediaUrl): AssetCard {
  return {
    id: a.id,
    brand_id: a.brand_id,
    folder_id: a.folder_id,
    name: a.name,
    ext: a.ext,
    mime: a.mime,
    type: asType(a.type),
    size: Number(a.size),
    width: a.width,
    height: a.height,
    duration_seconds: a.duration_seconds,
    author: a.author,
    visibility: a.visibility === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC',
    status: a.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
    thumbnail_url: media(a.thumb_key),
    preview_url: media(a.preview_key),
    derivatives: asDerivatives(a.derivatives),
    created_at: a.created_at,
    updated_at: a.updated_at,
    abilities: assetAbilities(actor, a),
  };
}
