import type { Actor } from '../auth/actor.js';
import { hasPermission } from '../auth/actor.js';
import { seesPrivate } from '../assets/assets.policy.js';
import type { FolderRow } from './folders.repo.js';

/** Folders of a visible brand: PRIVATE ones (or under a PRIVATE one) only for roles with private content. */
export const foldersPolicy = {
  see: (actor: Actor, f: FolderRow) => f.status === 'ACTIVE' && (f.private_path === 0 || seesPrivate(actor)),
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
