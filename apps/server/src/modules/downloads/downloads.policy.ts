import type { Principal } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';

export type DownloadAction = 'view' | 'fetch';

/**
 * A prepared download is its owner's alone (anyone else gets 404), and is built only while the
 * owner may still download; which assets it holds is the assets policy's.
 */
export const downloadsPolicy = {
  can: (principal: Principal, _action: DownloadAction, row: { user_id: number }) =>
    principal.kind === 'user' && row.user_id === principal.user.id,
  /** May the owner's download still be prepared (checked again when the job runs)? */
  build: (principal: Principal) => hasPermission(principal, 'asset.download'),
};

/** Prepared downloads by id for requireAccess. */
export const downloadAccess = accessKind('downloads', (p, action: DownloadAction, r) =>
  downloadsPolicy.can(p, action, r),
);
