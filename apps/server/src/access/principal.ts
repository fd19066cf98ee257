import type { PermissionName } from '@brandvault/contract';
import type { Selectable } from 'kysely';
import type { FoldersTable, GuidelineLinksTable, ShareLinksTable, UsersTable } from '../db/schema.js';

// This module is a leaf: every domain's policy reads the principal from here, so it imports no domain.

export type UserRow = Selectable<UsersTable>;

/** A folder with what every folder request checks first (see the folders repo's `byIdForUser`). */
export type FolderForUser = Selectable<FoldersTable> & {
  brand_status: string;
  member: number;
  search_generation: number | null;
};

/** The signed-in caller of a request, resolved once from the bearer token. */
export interface Actor {
  /** Principals are told apart by kind: a share link is the other one (view and download only). */
  kind: 'user';
  user: UserRow;
  tokenId: number;
  emulatorId: number | null;
  /**
   * Set when the request came with an API key instead of a session: its permissions are then the
   * key's scopes within the owner's, and keys, two-factor, SSO and emulation are refused to it.
   */
  apiKeyId?: number;
  roles: string[];
  permissions: Set<string>;
  /**
   * On a folder route, the folder it names, read in the statement that read the token (one round
   * trip instead of two); the folders service uses it instead of reading the folder again.
   */
  folder?: { id: number; row: FolderForUser | undefined };
}

/**
 * A share link acting as a principal of its own: whoever holds it, signed in or not, may do what
 * the link allows and nothing their account allows. `viewerId` is the signed-in holder (for
 * audiences that need one); `unlocked` says the link's password was given this session.
 */
export interface SharePrincipal {
  kind: 'share';
  link: Selectable<ShareLinksTable>;
  viewerId: number | null;
  unlocked: boolean;
}

/**
 * A public guidelines link acting as a principal (issue 45): it reads its brand's published pages
 * and the PUBLIC assets they show, whoever holds it; `unlocked` says its password was given.
 */
export interface GuidelineLinkPrincipal {
  kind: 'guidelineLink';
  link: Selectable<GuidelineLinksTable>;
  unlocked: boolean;
}

/** Whoever a request acts as: a signed-in user, a share link, or a public guidelines link. */
export type Principal = Actor | SharePrincipal | GuidelineLinkPrincipal;
export const isUser = (p: Principal | null): p is Actor => p?.kind === 'user';

/** A share link holds no permission and no role, whoever holds the link. */
export const hasPermission = (a: Principal | null, p: PermissionName) => isUser(a) && a.permissions.has(p);
export const hasRole = (a: Principal | null, r: string) => isUser(a) && a.roles.includes(r);
export const isAdmin = (a: Principal | null) => hasRole(a, 'admin');
/** A request made with an API key rather than a signed-in session. */
export const viaApiKey = (a: Principal | null) => isUser(a) && a.apiKeyId !== undefined;

/** Whether the actor's role lets them see PRIVATE folders and assets of their brands. */
export const seesPrivate = (actor: Actor) => hasPermission(actor, 'content.private');

/**
 * Which of a brand's assets the actor's searches and lists hold (modules/access/privacy.ts):
 * PRIVATE, expired and embargoed ones with `content.private`; uploads awaiting review too for
 * reviewers (`asset.approve`).
 */
export const sightOf = (actor: Actor) => ({
  withPrivate: seesPrivate(actor),
  withPending: seesPrivate(actor) && hasPermission(actor, 'asset.approve'),
});

/** Administrators see every brand; everyone else only the brands they are assigned to. */
export const seesAllBrands = (actor: Actor) => isAdmin(actor);

/** Who may hold a session: active accounts only (registrations wait for approval). */
export const canSignIn = (user: UserRow) => user.status === 'ACTIVE';
