import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { ShortcutBody, ShortcutRemoved, ShortcutResponse } from './shortcuts.js';

/** The caller's own shortcut to an asset or folder they can see (§7): one per user and target. */
const shortcut = <T extends 'asset' | 'folder'>(target: T) =>
  ({
    create: def({
      method: 'POST',
      path: `/api/ops/${target}/:id/shortcut/create`,
      access: { permission: 'brand.view' },
      summary: `Create the caller's shortcut to ${target === 'asset' ? 'an asset' : 'a folder'}`,
      params: IdParams,
      body: ShortcutBody,
      response: ShortcutResponse,
      status: 201,
      rateLimit: { max: 120 },
    }),
    update: def({
      method: 'PATCH',
      path: `/api/ops/${target}/:id/shortcut/update`,
      access: { permission: 'brand.view' },
      summary: `Rename the caller's shortcut to this ${target}`,
      params: IdParams,
      body: ShortcutBody,
      response: ShortcutResponse,
    }),
    remove: def({
      method: 'DELETE',
      path: `/api/ops/${target}/:id/shortcut/delete`,
      access: { permission: 'brand.view' },
      summary: `Delete the caller's shortcut to this ${target}`,
      params: IdParams,
      response: ShortcutRemoved,
    }),
  }) as const;

const asset = shortcut('asset');
const folder = shortcut('folder');

/** Shortcuts (§3, §7). */
export const shortcutsRoutes = {
  assetShortcutCreate: asset.create,
  assetShortcutUpdate: asset.update,
  assetShortcutDelete: asset.remove,
  folderShortcutCreate: folder.create,
  folderShortcutUpdate: folder.update,
  folderShortcutDelete: folder.remove,
} as const;
