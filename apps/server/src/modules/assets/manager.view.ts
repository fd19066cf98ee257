import type { AssetManagerRow, AssetType } from '@brandvault/contract';
import { ASSET_TYPES } from '@brandvault/contract';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { Actor } from '../../access/principal.js';
import { assetsPolicy } from './assets.policy.js';
import type { AssetManagerRepo } from './manager.repo.js';

type Row = Awaited<ReturnType<AssetManagerRepo['rows']>>[number];

const asType = (t: string): AssetType => ((ASSET_TYPES as readonly string[]).includes(t) ? (t as AssetType) : 'other');

/** A folder's names below its brand's root, outermost first, from its path ('/root/a/b/'). */
export function folderNames(path: string, names: Map<number, string>): string[] {
  return path
    .split('/')
    .filter(Boolean)
    .slice(1)
    .map((id) => names.get(Number(id)) ?? '');
}

/** An asset whose folder is in the Trash comes back with the folder (its restore), not alone. */
const inTrash = (abilities: AssetManagerRow['abilities'], folderStatus: string) =>
  folderStatus === 'ACTIVE' ? abilities : { ...abilities, restore: false };

/** A row of the all-assets table, with what the policy lets this actor do to it. */
export function managerRow(actor: Actor, r: Row, names: Map<number, string>, media: MediaUrl): AssetManagerRow {
  const status = r.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE';
  return {
    id: r.id,
    name: r.name,
    ext: r.ext,
    mime: r.mime,
    type: asType(r.type),
    size: Number(r.size),
    status,
    visibility: r.visibility === 'PRIVATE' ? 'PRIVATE' : 'PUBLIC',
    thumbnail_url: media(r.thumb_key, r.brand_id),
    brand: { id: r.brand_id, name: r.brand_name },
    folder: { id: r.folder_id, path: folderNames(r.folder_path, names) },
    uploader:
      r.uploader_id === null
        ? null
        : { id: r.uploader_id, name: `${r.uploader_first ?? ''} ${r.uploader_last ?? ''}`.trim() },
    created_at: r.created_at,
    updated_at: r.updated_at,
    abilities: inTrash(assetsPolicy.abilities(actor, { status }), r.folder_status),
  };
}
