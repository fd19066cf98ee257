import { TRASH_DAYS } from '@brandvault/contract';
import type { Crumb, Folder, FolderCard, FolderChild, FolderNode, FolderTrashEntry } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { iso } from '../../lib/clock.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import { foldersPolicy } from './folders.policy.js';
import type { FolderRow } from './folders.repo.js';

const visibilityOf = (v: string) => (v === 'PRIVATE' ? ('PRIVATE' as const) : ('PUBLIC' as const));

export function folderCard(actor: Actor, f: FolderRow, media: MediaUrl): FolderCard {
  return {
    id: f.id,
    brand_id: f.brand_id,
    parent_id: f.parent_id,
    name: f.name,
    visibility: visibilityOf(f.visibility),
    image_uri: media(f.image_key),
    is_root: f.parent_id === null,
    updated_at: f.updated_at,
    abilities: foldersPolicy.abilities(actor, f),
  };
}

/** What a subfolder's card adds (`folders.cardFigures`): its asset count and the mosaic's links. */
export function folderChild(
  actor: Actor,
  f: FolderRow,
  media: MediaUrl,
  figures: { assets: number; mosaic: { brand_id: number; thumb_key: string }[] } | undefined,
  cardMedia: MediaUrl,
): FolderChild {
  return {
    ...folderCard(actor, f, media),
    asset_count: figures?.assets ?? 0,
    mosaic: (figures?.mosaic ?? []).flatMap((m) => cardMedia(m.thumb_key, m.brand_id) ?? []),
  };
}

export function folderDetail(
  actor: Actor,
  f: FolderRow,
  media: MediaUrl,
  breadcrumbs: Crumb[],
  children: FolderChild[],
): Folder {
  return {
    ...folderCard(actor, f, media),
    status: f.status === 'ACTIVE' ? ('ACTIVE' as const) : ('INACTIVE' as const),
    created_at: f.created_at,
    breadcrumbs,
    children,
  };
}

/** The tree under `topId` from its rows (parents before children, as `folders.tree` orders them). */
export function folderTree(
  rows: { id: number; parent_id: number | null; name: string; visibility: string }[],
  topId: number,
): FolderNode {
  const nodes = new Map<number, FolderNode>();
  for (const r of rows)
    nodes.set(r.id, {
      id: r.id,
      parent_id: r.parent_id,
      name: r.name,
      visibility: visibilityOf(r.visibility),
      children: [],
    });
  for (const n of nodes.values()) if (n.id !== topId && n.parent_id !== null) nodes.get(n.parent_id)?.children.push(n);
  return nodes.get(topId)!;
}

/** A row of `folders.trashList`. */
interface TrashRow {
  id: number;
  brand_id: number;
  name: string;
  parent_id: number | null;
  path: string;
  visibility: string;
  trashed_at: string | null;
  trashed_by: number | null;
  first_name: string | null;
  last_name: string | null;
  folders: number | string;
  assets: number | string;
}

/** A Trash entry, located by its ancestors' names (`crumbs`: folder id to name). */
export function trashEntryItem(e: TrashRow, crumbs: Map<number, string>): FolderTrashEntry {
  const trashedAt = e.trashed_at!;
  return {
    id: e.id,
    brand_id: e.brand_id,
    name: e.name,
    parent_id: e.parent_id,
    location: e.path
      .split('/')
      .filter(Boolean)
      .slice(0, -1)
      .map((p) => crumbs.get(Number(p)) ?? ''),
    visibility: visibilityOf(e.visibility),
    trashed_at: trashedAt,
    trashed_by:
      e.trashed_by !== null ? { id: e.trashed_by, name: `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() } : null,
    purge_at: iso(new Date(Date.parse(trashedAt) + TRASH_DAYS * 86_400_000)),
    folders: Number(e.folders),
    assets: Number(e.assets),
  };
}
