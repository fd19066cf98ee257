import { DOWNLOAD_LINK_MINUTES } from '@brandvault/contract';
import { signPath, signedLinkUser } from '../../lib/signedUrl.js';
import type { Actor } from '../../access/principal.js';
import { canSignIn } from '../../access/principal.js';
import { AppError } from '../../lib/appError.js';
import type { RolesRepo } from '../roles/roles.repo.js';
import type { UsersRepo } from '../users/users.repo.js';

const LINK_MS = DOWNLOAD_LINK_MINUTES * 60_000;
/** Expiries are rounded up to the minute, so a view read twice within one hands out the same link. */
const STEP_MS = 60_000;

/**
 * The signed part names the user, so a fetch can check that user's rights as they are now, and
 * `ack` when it was issued after the user confirmed the asset's terms or expiry (issue 40).
 */
const signedPath = (assetId: number, userId: number, ack: boolean) =>
  `/api/ops/asset/${assetId}/download?u=${userId}${ack ? '&ack=1' : ''}`;

/** A short-lived link to an asset's original, issued for one user (see DOWNLOAD_LINK_MINUTES). */
export const downloadLink = (appKey: string, assetId: number, userId: number, now: Date, ack = false) =>
  signPath(appKey, signedPath(assetId, userId, ack), now, LINK_MS, STEP_MS);

/** The query of a download: a signed link's parts, and how the browser should show the file. */
export interface DownloadQuery {
  u?: number;
  exp?: string;
  sig?: string;
  /** The user confirmed the terms or the expiry (signed into a link; a flag with a bearer token). */
  ack?: '1';
  disposition?: 'attachment' | 'inline';
}

/** The user a download link was issued for, or null when it is not a valid, unexpired link. */
export function downloadLinkUser(appKey: string, assetId: number, query: unknown, now: Date): number | null {
  const ack = (query as Record<string, unknown> | undefined)?.ack === '1';
  return signedLinkUser(appKey, (userId) => signedPath(assetId, userId, ack), query, now);
}

/**
 * The user behind a link as a caller with their current roles and permissions, or null when the
 * account is gone or may no longer sign in (a deactivated user's links stop working at once).
 */
export async function linkActor(
  repos: { users: Pick<UsersRepo, 'byId'>; roles: Pick<RolesRepo, 'rolesByUser' | 'effectivePermissions'> },
  userId: number,
): Promise<Actor | null> {
  const user = await repos.users.byId(userId);
  if (!user || !canSignIn(user)) return null;
  const [roles, permissions] = await Promise.all([
    repos.roles.rolesByUser([userId]),
    repos.roles.effectivePermissions(userId),
  ]);
  return {
    kind: 'user',
    user,
    tokenId: 0,
    emulatorId: null,
    roles: roles.get(userId) ?? [],
    permissions: new Set(permissions),
  };
}

/**
 * Who a fetch is for: the signed link's user when the query holds a valid link, else the bearer
 * token's. Neither answers 401; a link whose user may no longer sign in answers 404, as a denied
 * read does.
 */
export async function linkOrBearer(
  repos: Parameters<typeof linkActor>[0],
  bearer: Actor | null,
  linkUser: number | null,
): Promise<Actor> {
  const actor = linkUser === null ? bearer : await linkActor(repos, linkUser);
  if (!actor) throw new AppError(linkUser === null ? 'UNAUTHENTICATED' : 'NOT_FOUND');
  return actor;
}
