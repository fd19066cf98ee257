/**
 * Permission names. The first group is the specification's (§6); the rest are the ones later
 * capabilities check. Seeded into the database on first start.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'brand.view',
  'brand.manage',
  'collection.view',
  'collection.manage',
  'collection.share',
  'asset.view',
  'asset.manage',
  'asset.create',
  'asset.update',
  'asset.delete',
  'asset.download',
  'folder.manage',
  'content.private',
  'comment.create',
  'shortcut.manage',
  'user.view',
  'user.manage',
  'user.update',
  'user.emulate',
  'user.tour',
  'role.view',
  'role.manage',
  'shareLink.view',
  'shareLink.manage',
  'report.view',
  'audit.view',
  'extension.manage',
] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'manager', 'member', 'guest'] as const;
export type RoleName = (typeof ROLES)[number];

/** Role given to people who sign up themselves; an administrator widens it on approval. */
export const DEFAULT_SIGNUP_ROLE: RoleName = 'guest';

const member: PermissionName[] = [
  'dashboard.view',
  'brand.view',
  'collection.view',
  'collection.manage',
  'collection.share',
  'asset.view',
  'asset.create',
  'asset.update',
  'asset.download',
  'content.private',
  'comment.create',
  'shortcut.manage',
  'user.tour',
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
    'folder.manage',
    'report.view',
    'user.view',
    'shareLink.view',
    'shareLink.manage',
  ],
  member,
  guest: ['brand.view', 'collection.view', 'collection.manage', 'asset.download', 'shortcut.manage', 'user.tour'],
};
