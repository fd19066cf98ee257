import { GuidelineBlocks, blockAssets } from '@brandvault/contract';
import type {
  DownloadGate,
  GuidelineAsset,
  GuidelineBlock,
  GuidelineContent,
  GuidelineNode,
} from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import type { MediaUrl } from '../../lib/mediaUrl.js';
import type { AccessRow } from '../access/accessKind.js';
import { assetsPolicy, unavailable } from '../assets/assets.policy.js';
import { croppable } from '../assets/crop.js';
import { needsConfirmation } from '../assets/downloadGate.js';
import type { GuidelineNodeRow } from './guidelines.repo.js';

/** Stored blocks read back through the contract: a row the rules no longer accept shows no blocks. */
export function storedBlocks(json: string | null): GuidelineBlock[] {
  if (!json) return [];
  try {
    const r = GuidelineBlocks.safeParse(JSON.parse(json));
    return r.success ? r.data : [];
  } catch {
    return [];
  }
}

export const contentOf = (r: {
  title: string;
  title_es: string | null;
  blocks_json: string;
  es_json: string | null;
}) => ({
  content: { title: r.title, blocks: storedBlocks(r.blocks_json) },
  es: r.title_es === null ? null : { title: r.title_es, blocks: storedBlocks(r.es_json) },
});

export function nodeView(r: GuidelineNodeRow, editor: boolean): GuidelineNode {
  const published = r.published_version !== null;
  return {
    id: r.id,
    brand_id: r.brand_id,
    parent_id: r.parent_id,
    kind: r.kind === 'chapter' ? 'chapter' : 'page',
    position: r.position,
    title: editor || !published ? r.title : (r.published_title ?? r.title),
    title_es: editor || !published ? r.title_es : (r.published_title_es ?? null),
    status: published ? 'published' : 'draft',
    unpublished_changes: editor && !!r.unpublished_changes,
    published_version: r.published_version,
    updated_at: r.updated_at,
  };
}

/** The nodes a reader sees: published ones whose chapters are all published too. */
export function readerVisible<T extends { id: number; parent_id: number | null; published_version: number | null }>(
  rows: T[],
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Map<number, boolean>();
  const visible = (r: T, depth = 0): boolean => {
    const known = seen.get(r.id);
    if (known !== undefined) return known;
    const parent = r.parent_id === null ? null : byId.get(r.parent_id);
    const ok =
      r.published_version !== null &&
      depth < 100 &&
      (parent === null || (parent !== undefined && visible(parent, depth + 1)));
    seen.set(r.id, ok);
    return ok;
  };
  return rows.filter((r) => visible(r));
}

/** A page's chapters' titles and its own, top first, in the main language or the Spanish one. */
export function pathsOf(nodes: GuidelineNode[]) {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  return (id: number, es: boolean) => {
    const out: string[] = [];
    for (let n = byId.get(id); n && out.length < 50; n = n.parent_id === null ? undefined : byId.get(n.parent_id))
      out.unshift(es ? (n.title_es ?? n.title) : n.title);
    return out;
  };
}

/** Every asset id a page's content and cover use, once each. */
export function assetIdsOf(cover: number | null, contents: (GuidelineContent | null)[]): number[] {
  const ids = new Set<number>(cover ? [cover] : []);
  for (const c of contents) for (const b of c?.blocks ?? []) for (const a of blockAssets(b)) ids.add(a.id);
  return [...ids];
}

type AssetAccess = AccessRow<'assets'>;

/**
 * One asset as the page shows it: readers get only whether it is there for them; editors also
 * get its name and why some readers see a placeholder (removed, expired, hidden, or PRIVATE).
 */
export function assetView(
  actor: Actor,
  editor: boolean,
  brandId: number,
  id: number,
  r: AssetAccess | undefined,
  media: MediaUrl,
  take: Take,
): GuidelineAsset {
  const ours = !!r && r.brand_id === brandId;
  const removed = ours && (r.status !== 'ACTIVE' || r.folder_status !== 'ACTIVE');
  const expired = ours && unavailable(r);
  const sees = ours && assetsPolicy.can(actor, 'view', { ...r });
  const available = sees && !removed && !expired;
  const warning: GuidelineAsset['warning'] = !ours
    ? 'hidden'
    : removed
      ? 'removed'
      : expired
        ? 'expired'
        : !sees
          ? 'hidden'
          : r.visibility === 'PRIVATE' || r.private_path === 1
            ? 'private'
            : null;
  const shown = ours && (available || editor);
  return {
    id,
    available,
    name: shown ? r.name : null,
    ext: shown ? r.ext : null,
    mime: shown ? r.mime : null,
    type: shown ? r.type : null,
    width: shown ? r.width : null,
    height: shown ? r.height : null,
    thumbnail_url: shown ? media(r.thumb_key, r.brand_id) : null,
    preview_url: shown ? media(r.preview_key, r.brand_id) : null,
    warning: editor ? warning : null,
    placeholder: available ? null : withdrawn(actor, r, ours) ? 'withdrawn' : 'unavailable',
    download: available ? downloadOf(actor, r, take) : null,
  };
}

/**
 * Removed or expired, and the reader would see it otherwise: saying so tells them nothing secret
 * (a PRIVATE asset stays merely unavailable to a guest).
 */
function withdrawn(actor: Actor, r: AssetAccess | undefined, ours: boolean) {
  if (!r || !ours || (r.status === 'ACTIVE' && r.folder_status === 'ACTIVE' && !unavailable(r))) return false;
  return assetsPolicy.can(actor, 'view', {
    ...r,
    status: 'ACTIVE',
    folder_status: 'ACTIVE',
    availability: 'available',
  });
}

/** What the page needs to hand out downloads: each asset's gate and a signer of original links. */
export interface Take {
  gates: Map<number, DownloadGate>;
  link: (assetId: number) => string;
}

/** The download options of an asset the reader sees, as the asset's own view would offer them. */
function downloadOf(actor: Actor, r: AssetAccess, take: Take): GuidelineAsset['download'] {
  const gate = take.gates.get(r.id);
  if (!gate || !assetsPolicy.downloads(actor)) return null;
  const state = gate.blocked ? 'blocked' : needsConfirmation(gate) ? 'confirm' : 'ready';
  return {
    state,
    url: state === 'ready' ? take.link(r.id) : null,
    convert: state === 'ready' && croppable(r) && !!r.width,
    crop_url: null,
    terms: gate.terms,
  };
}

/** What the draft changed since a version: blocks keyed by their ids. */
export function compare(version: GuidelineContent, draft: GuidelineContent) {
  const before = new Map(version.blocks.map((b) => [b.id, JSON.stringify(b)]));
  const after = new Map(draft.blocks.map((b) => [b.id, JSON.stringify(b)]));
  const kept = draft.blocks.map((b) => b.id).filter((id) => before.has(id));
  const keptBefore = version.blocks.map((b) => b.id).filter((id) => after.has(id));
  return {
    title: version.title !== draft.title,
    added: [...after.keys()].filter((id) => !before.has(id)),
    removed: [...before.keys()].filter((id) => !after.has(id)),
    changed: kept.filter((id) => before.get(id) !== after.get(id)),
    reordered: kept.join() !== keptBefore.join(),
  };
}
