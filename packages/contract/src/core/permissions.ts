/**
 * Permission names: the specification's (§6) and the ones the server checks. A permission exists
 * only while something checks it (the README's role table says where); a capability adds its own
 * with the routes that check it. The seed keeps the database to exactly this list.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'brand.view',
  'brand.manage',
  'collection.view',
  'asset.view',
  'asset.manage',
  'asset.create',
  'asset.update',
  'asset.delete',
  'asset.download',
  'asset.approve',
  'folder.manage',
  'content.private',
  'user.view',
  'user.manage',
  'user.update',
  'user.tour',
  'user.emulate',
  'role.view',
  'role.manage',
  'shareLink.view',
  'shareLink.manage',
  'comment.create',
  'metadata.manage',
  'rights.manage',
  'guidelines.manage',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

/**
 * What only an administrator may grant (with the admin role itself): whoever holds one of these
 * runs the whole product. Capabilities that add such a permission (emulation, audit, extensions)
 * add it here too.
 */
export const ADMIN_ONLY_PERMISSIONS: readonly PermissionName[] = [
  'brand.manage',
  'role.view',
  'role.manage',
  'user.emulate',
];
export const ADMIN_ROLE = 'admin';

export const ROLES = ['admin', 'manager', 'member', 'guest'] as const;
export type RoleName = (typeof ROLES)[number];

/** Role given to people who sign up themselves; an administrator widens it on approval. */
export const DEFAULT_SIGNUP_ROLE: RoleName = 'guest';

const member: PermissionName[] = [
  'dashboard.view',
  'brand.view',
  'collection.view',
  'asset.view',
  'asset.create',
  'asset.update',
  'asset.download',
  'content.private',
  'user.tour',
  'comment.create',
  // Spec §1: members organise folders and request the users report.
  'folder.manage',
  'user.view',
];

/**
 * The seeded role sets. `content.private` is what lets a role see PRIVATE folders and assets:
 * guests see only PUBLIC content of their brands.
 */
export const ROLE_PERMISSIONS: Record<RoleName, readonly PermissionName[]> = {
  admin: PERMISSIONS,
  manager: [
    ...member,
    'asset.manage',
    'asset.delete',
    'asset.approve',
    'shareLink.view',
    'shareLink.manage',
    'metadata.manage',
    'rights.manage',
    'guidelines.manage',
  ],
  member,
  // Guests review too: outside agencies comment on the work they are shown.
  guest: ['brand.view', 'collection.view', 'asset.download', 'user.tour', 'comment.create'],
};
