import type { Actor, SharePrincipal } from '../../access/principal.js';
import { hasPermission, isAdmin } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import type { ShareLinkRow } from './shareLinks.repo.js';

export type ShareLinkAction = 'view' | 'revoke' | 'update';
export type ShareFileKind = 'thumbnail' | 'preview' | 'original';

/** Live: neither revoked nor past its expiry. */
export const isLive = (row: ShareLinkRow, now: string) =>
  row.revoked_at === null && (row.expires_at === null || row.expires_at > now);

export const stateOf = (row: ShareLinkRow, now: string) =>
  row.revoked_at !== null ? 'revoked' : isLive(row, now) ? 'active' : 'expired';

export const shareLinksPolicy = {
  /** Managing links: the owner their own; shareLink.view sees every link, shareLink.manage changes any. */
  can(actor: Actor, action: ShareLinkAction, row: ShareLinkRow) {
    const own = row.owner_id === actor.user.id;
    if (action === 'view') return own || hasPermission(actor, 'shareLink.view');
    if (action === 'revoke') return own || hasPermission(actor, 'shareLink.manage');
    return hasPermission(actor, 'shareLink.manage');
  },
  /** Outside their brands' people, a non-admin's share-link rights do not reach (as the user directory). */
  reachesAllOwners: (actor: Actor) => isAdmin(actor),
  /** Nobody hands out what they may not do themselves: originals need the download right. */
  grantsDownload: (actor: Actor) => hasPermission(actor, 'asset.download'),
  abilities: (actor: Actor, row: ShareLinkRow) => ({
    revoke: row.revoked_at === null && shareLinksPolicy.can(actor, 'revoke', row),
    update: row.revoked_at === null && shareLinksPolicy.can(actor, 'update', row),
  }),
  /**
   * What the link lets its holder fetch, checked at every request: live, unlocked when it has a
   * password, and originals only with the download right.
   */
  linkCan(p: SharePrincipal, action: 'view' | ShareFileKind, now: string) {
    if (!isLive(p.link, now)) return false;
    if (p.link.password_hash !== null && !p.unlocked) return false;
    if (action === 'original') return p.link.allow_download === 1;
    return true;
  },
};

/** Share links by id for requireAccess (the owner's side; a link's holder is judged by linkCan). */
export const shareLinkAccess = accessKind('shareLinks', (p, action: ShareLinkAction, r) =>
  shareLinksPolicy.can(p, action, r),
);
