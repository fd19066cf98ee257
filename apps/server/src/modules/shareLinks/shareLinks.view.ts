import type { LicenceTerms, PrintedField, ShareLink, SharedView } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import type { ShareFileKind } from './shareLinks.policy.js';
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

/** The card columns of an asset a link shows (a page of its collection). */
interface SharedAssetRow {
  id: number;
  name: string;
  ext: string;
  mime: string;
  type: string;
  size: number | string | bigint;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  thumb_key: string | null;
  preview_key: string | null;
}

/** An asset as its link's holder sees it: file addresses through the link, originals only with the right. */
export function sharedAssetItem(
  a: SharedAssetRow,
  fileUrl: (assetId: number, kind: ShareFileKind) => string,
  downloads: boolean,
  fields: PrintedField[],
  terms: LicenceTerms[],
): SharedView['assets']['items'][number] {
  return {
    id: a.id,
    name: a.name,
    ext: a.ext,
    mime: a.mime,
    type: a.type as never,
    size: Number(a.size),
    width: a.width,
    height: a.height,
    duration_seconds: a.duration_seconds,
    thumbnail_url: a.thumb_key ? fileUrl(a.id, 'thumbnail') : null,
    preview_url: a.preview_key ? fileUrl(a.id, 'preview') : null,
    download_url: downloads ? fileUrl(a.id, 'original') : null,
    terms,
    fields,
  };
}
