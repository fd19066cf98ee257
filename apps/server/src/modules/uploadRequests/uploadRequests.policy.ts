import type { Actor } from '../../access/principal.js';
import { hasPermission, isAdmin } from '../../access/principal.js';
import type { FolderRow } from '../folders/folders.repo.js';
import { foldersPolicy } from '../folders/folders.policy.js';
import type { RequestScope } from './uploadRequests.repo.js';

type RequestRow = { owner_id: number; closed_at: string | null; expires_at: string };
export type UploadRequestAction = 'view' | 'close';

/** Live: neither closed nor past its expiry (UTC ISO strings compare in time order). */
export const isLive = (row: RequestRow, now: string) => row.closed_at === null && row.expires_at > now;
export const stateOf = (row: RequestRow, now: string) =>
  row.closed_at !== null ? 'closed' : isLive(row, now) ? 'active' : 'expired';

/**
 * Upload requests: a member with upload rights asks for files into a folder they may upload to;
 * they see and close their own. Those who see every share link of their brands (managers,
 * `shareLink.view`) see their brands' requests, and close them with `shareLink.manage`;
 * administrators reach every brand's.
 */
export const uploadRequestsPolicy = {
  /** Asking for files into a folder is uploading into it, by someone who sees it. */
  mayRequestInto: (actor: Actor, folder: FolderRow) =>
    foldersPolicy.see(actor, folder) && foldersPolicy.abilities(actor, folder).upload,
  scope: (actor: Actor): RequestScope =>
    isAdmin(actor) ? { all: true } : { userId: actor.user.id, brandWide: hasPermission(actor, 'shareLink.view') },
  /** `inBrand`: whether the actor belongs to the request's brand. */
  can(actor: Actor, action: UploadRequestAction, row: RequestRow, inBrand: boolean) {
    if (row.owner_id === actor.user.id || isAdmin(actor)) return true;
    if (!inBrand) return false;
    return hasPermission(actor, action === 'view' ? 'shareLink.view' : 'shareLink.manage');
  },
  abilities: (actor: Actor, row: RequestRow, inBrand: boolean, now: string) => ({
    close: isLive(row, now) && uploadRequestsPolicy.can(actor, 'close', row, inBrand),
  }),
};
