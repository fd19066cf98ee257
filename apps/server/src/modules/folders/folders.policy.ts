import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission, seesPrivate } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import type { FolderRow } from './folders.repo.js';

/** Folders of a visible brand: PRIVATE ones (or under a PRIVATE one) only for roles with private content. */
export const foldersPolicy = {
  see: (actor: Actor, f: FolderRow) => f.status === 'ACTIVE' && (f.private_path === 0 || seesPrivate(actor)),
  /** Brand access is the brand policy's (checked with the folder's brand); this judges the folder. */
  can: (principal: Principal, action: FolderAction, f: FolderRow) =>
    principal.kind === 'user' &&
    foldersPolicy.see(principal, f) &&
    (action === 'view' || foldersPolicy.abilities(principal, f)[action]),
  abilities: (actor: Actor, f: FolderRow) => {
    const manage = hasPermission(actor, 'folder.manage');
    const root = f.parent_id === null;
    return {
      update: manage && !root,
      move: manage && !root,
      remove: manage && !root,
      create_folder: manage,
      upload: hasPermission(actor, 'asset.create'),
    };
  },
};

export type FolderAction = 'view' | 'update' | 'move' | 'remove' | 'create_folder' | 'upload';

/** Folders by id for requireAccess: their brand's sight, then the folder's own (FOLDER_NOT_FOUND). */
export const folderAccess = accessKind(
  'folders',
  (p, action: FolderAction, r) =>
    brandsPolicy.see(p, { status: r.brand_status }, r.member_id !== null) && foldersPolicy.can(p, action, r),
  'FOLDER_NOT_FOUND',
);
