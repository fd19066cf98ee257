import type { ReviewEvent, ReviewItem, ReviewState } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import { assetCard } from '../assets/assets.view.js';
import type { AssetCardRow } from '../assets/assets.view.js';

const asState = (s: string): ReviewState => (s === 'pending' || s === 'rejected' ? s : 'approved');
const person = (id: number | null, first: string | null, last: string | null) =>
  id !== null && first !== null ? { id, name: `${first} ${last ?? ''}`.trim() } : null;

export type ReviewItemRow = AssetCardRow & {
  review_state: string;
  review_reason: string | null;
  reviewed_at: string | null;
  created_by: number | null;
  reviewed_by: number | null;
  up_first: string | null;
  up_last: string | null;
  rv_first: string | null;
  rv_last: string | null;
  folder_name: string;
  brand_name: string;
};

export const reviewItem = (actor: Actor, r: ReviewItemRow, media: MediaUrl): ReviewItem => ({
  asset: assetCard(actor, r, media),
  state: asState(r.review_state),
  reason: r.review_reason,
  uploader: person(r.created_by, r.up_first, r.up_last),
  reviewer: person(r.reviewed_by, r.rv_first, r.rv_last),
  reviewed_at: r.reviewed_at,
  folder: { id: r.folder_id, name: r.folder_name },
  brand: { id: r.brand_id, name: r.brand_name },
});

export const reviewEvent = (r: {
  id: number;
  state: string;
  reason: string | null;
  version: number | null;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  created_at: string;
}): ReviewEvent => ({
  id: r.id,
  state: asState(r.state),
  reason: r.reason,
  version: r.version,
  actor: person(r.actor_id, r.first_name, r.last_name),
  created_at: r.created_at,
});
export { asState };
