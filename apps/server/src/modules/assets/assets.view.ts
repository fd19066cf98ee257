import type {
  AssetAvailability,
  AssetCard,
  AssetType,
  AssetView,
  AvailabilityState,
  ReviewState,
} from '@brandvault/contract';
import { ASSET_TYPES, AVAILABILITY_STATES, AvailabilityReason, REVIEW_STATES } from '@brandvault/contract';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { Actor } from '../../access/principal.js';
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

/** What a card reads of an asset row; listings select only these (a tenth of a list's time). */
export const CARD_COLUMNS = [
  'id',
  'brand_id',
  'folder_id',
  'name',
  'ext',
  'mime',
  'type',
  'size',
  'width',
  'height',
  'duration_seconds',
  'author',
  'visibility',
  'status',
  'thumb_key',
  'preview_key',
  'derivatives',
  'hover_key',
  'proxy_key',
  'proxy_state',
  'created_at',
  'updated_at',
  'availability',
  'availability_date',
  'availability_reason',
  'review_state',
  'review_reason',
] as const satisfies readonly (keyof AssetRow)[];
export type AssetCardRow = Pick<AssetRow, (typeof CARD_COLUMNS)[number]>;

export function assetCard(actor: Actor, a: AssetCardRow, media: MediaUrl): AssetCard {
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
    thumbnail_url: media(a.thumb_key, a.brand_id),
    preview_url: media(a.preview_key, a.brand_id),
    derivatives: asDerivatives(a.derivatives),
    hover_url: media(a.hover_key, a.brand_id),
    proxy_url: media(a.proxy_key, a.brand_id),
    proxy_state: asProxyState(a.proxy_state),
    created_at: a.created_at,
    updated_at: a.updated_at,
    abilities: assetAbilities(actor, a),
    availability: availabilityOf(a),
    review: { state: asReview(a.review_state), reason: a.review_reason },
  };
}

const asProxyState = (s: string | null): AssetCard['proxy_state'] =>
  s === 'pending' || s === 'ready' || s === 'failed' ? s : null;

const asReview = (s: string): ReviewState =>
  (REVIEW_STATES as readonly string[]).includes(s) ? (s as ReviewState) : 'pending';

/** The availability a card shows, with what decided it (a malformed reason reads as none). */
export function availabilityOf(a: {
  availability: string;
  availability_date: string | null;
  availability_reason: string | null;
}): AssetAvailability {
  const state = (AVAILABILITY_STATES as readonly string[]).includes(a.availability)
    ? (a.availability as AvailabilityState)
    : 'expired';
  let reason: AvailabilityReason | null = null;
  if (a.availability_reason) {
    try {
      const parsed = AvailabilityReason.safeParse(JSON.parse(a.availability_reason));
      if (parsed.success) reason = parsed.data;
    } catch {
      reason = null;
    }
  }
  return { state, date: a.availability_date, reason };
}

/** An asset's own window and its computed availability, as the asset page shows them (issue 40 §2). */
export function availabilityView(
  a: Pick<
    AssetRow,
    'available_from' | 'available_until' | 'availability' | 'availability_date' | 'availability_reason'
  >,
): Pick<AssetView, 'available_from' | 'available_until' | 'availability'> {
  return { available_from: a.available_from, available_until: a.available_until, availability: availabilityOf(a) };
}
