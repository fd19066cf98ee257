import type { ShareLink } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { shareLinksPolicy, stateOf } from './shareLinks.policy.js';
import type { ShareLinkListRow } from './shareLinks.repo.js';

export function shareLinkItem(actor: Actor, r: ShareLinkListRow, link: string | null, now: string): ShareLink {
  return {
    id: r.id,
    link,
    expires_at: r.expires_at,
    resource_name: r.collection_name,
    resource_type: 'collection',
    resource_id: r.collection_id,
    created_by: { id: r.owner_id, name: `${r.owner_first} ${r.owner_last}` },
    shared_to: r.shared_to,
    audience: r.audience as ShareLink['audience'],
    has_password: r.password_hash !== null,
    allow_download: r.allow_download === 1,
    watermark: r.watermark === 1,
    traceable: r.traceable === 1,
    views: r.views,
    downloads: r.downloads,
    state: stateOf(r, now),
    created_at: r.created_at,
    abilities: shareLinksPolicy.abilities(actor, r),
  };
}
