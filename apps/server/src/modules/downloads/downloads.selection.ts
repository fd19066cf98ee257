import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_FILES, DOWNLOAD_PDF_MAX_ASSETS } from '@brandvault/contract';
import type { DownloadFormat } from '@brandvault/contract';
import { AppError, invalid } from '../../http/errors.js';
import type { Actor } from '../../access/principal.js';
import { assetsPolicy, canSeeAsset } from '../assets/assets.policy.js';
import { seesPrivate } from '../../access/principal.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { foldersPolicy } from '../folders/folders.policy.js';
import type { DownloadAsset, DownloadsRepo } from './downloads.repo.js';
import type { Repos } from '../../deps/repos.js';
import { downloadGates, needsConfirmation } from '../assets/downloadGate.js';
import { archivePaths } from './zipNames.js';

export interface Selection {
  asset_ids: number[];
  folder_ids: number[];
}

/** One file of a download: the asset and where it goes in the archive. */
export interface Entry {
  asset: DownloadAsset;
  path: string;
}

export interface Resolved {
  entries: Entry[];
  /** Chosen things the requester may no longer have (checked when the job runs). */
  unavailable: number;
  bytes: number;
  brandId: number | null;
}

/**
 * What `actor` may download of a selection, as archive entries: chosen assets at the top, each
 * chosen folder as a directory holding its subfolders' tree. Only active assets in active folders
 * of brands the actor sees, PRIVATE ones for those with private content, and only with
 * `asset.download`. `strict` (when queuing) answers 404 for any chosen id the actor may not
 * download, as requireAccess does; otherwise (when the job runs) such ids are left out and counted.
 */
export async function resolveSelection(
  repo: DownloadsRepo,
  actor: Actor,
  sel: Selection,
  strict: boolean,
): Promise<Resolved> {
  let unavailable = 0;
  const refuse = () => {
    if (strict) throw new AppError('NOT_FOUND');
    unavailable++;
  };
  const picked: { asset: DownloadAsset; dir: string[] }[] = [];
  const seen = new Set<number>();
  const take = (asset: DownloadAsset, dir: string[]) => {
    if (seen.has(asset.id)) return;
    seen.add(asset.id);
    picked.push({ asset, dir });
  };

  const assetIds = [...new Set(sel.asset_ids)];
  const rows = new Map((await repo.assetsByIds(assetIds, actor.user.id)).map((r) => [r.id, r]));
  for (const id of assetIds) {
    const r = rows.get(id);
    // Removed assets are never included, even for those who may still open them.
    if (!r || r.status !== 'ACTIVE' || !assetsPolicy.can(actor, 'download', r)) refuse();
    else take(r, []);
  }

  const folderIds = [...new Set(sel.folder_ids)];
  const folders = new Map((await repo.folders(folderIds, actor.user.id)).map((f) => [f.id, f]));
  const privateToo = seesPrivate(actor);
  for (const id of folderIds) {
    const f = folders.get(id);
    if (!f || !brandsPolicy.see(actor, { status: f.brand_status }, f.member === 1) || !foldersPolicy.see(actor, f)) {
      refuse();
      continue;
    }
    // A folder is in when it and every folder between it and the chosen one are visible.
    const tree = await repo.subtree(f.brand_id, f.path);
    const byId = new Map(tree.map((t) => [t.id, t]));
    const dirOf = new Map<number, string[]>();
    const sorted = [...tree].sort((a, b) => a.path.length - b.path.length);
    for (const t of sorted) {
      const visible = t.status === 'ACTIVE' && (privateToo || t.private_path === 0);
      if (!visible) continue;
      if (t.id === f.id) dirOf.set(t.id, [t.name]);
      else {
        const parent = t.parent_id !== null ? dirOf.get(t.parent_id) : undefined;
        if (parent && byId.has(t.parent_id!)) dirOf.set(t.id, [...parent, t.name]);
      }
    }
    for (const a of await repo.assetsIn([...dirOf.keys()])) {
      // The folders were judged above; the asset's own visibility, availability and review here.
      if (!canSeeAsset(actor, { ...a, private_path: 0, folder_status: 'ACTIVE' })) continue;
      take(a, dirOf.get(a.folder_id)!);
    }
  }

  const paths = archivePaths(picked.map((p) => ({ dir: p.dir, name: fileNameOf(p.asset) })));
  const entries = picked.map((p, i) => ({ asset: p.asset, path: paths[i]! }));
  const bytes = entries.reduce((n, e) => n + Number(e.asset.size), 0);
  return { entries, unavailable, bytes, brandId: entries[0]?.asset.brand_id ?? null };
}

/** An asset's file name: its name, with its extension when the name does not end with it. */
export function fileNameOf(a: { name: string; ext: string }): string {
  const ext = a.ext ? `.${a.ext}` : '';
  return ext && a.name.toLowerCase().endsWith(ext.toLowerCase()) ? a.name : `${a.name}${ext}`;
}

/** The limits of one download (§1): nothing is queued past them. */
export function checkLimits(r: Resolved, format: DownloadFormat) {
  if (r.entries.length === 0) throw invalid({ asset_ids: 'nothingToDownload' });
  if (format === 'pdf' && r.entries.length > DOWNLOAD_PDF_MAX_ASSETS) throw invalid({ asset_ids: 'pdfTooMany' });
  if (r.entries.length > DOWNLOAD_MAX_FILES || r.bytes > DOWNLOAD_MAX_BYTES)
    throw invalid({ asset_ids: 'downloadTooBig' });
}

/**
 * The rights rules of a resolved selection (issue 40 §2): assets whose brand blocks expired or
 * embargoed downloads leave it (counted as unavailable), and those needing a confirmation of
 * their licence terms or expiry stay only when the request confirmed them (`onMissing` decides
 * otherwise: refuse the whole request when queuing, leave them out when building).
 */
export async function gateSelection(
  repos: Repos,
  actor: Actor,
  r: Resolved,
  confirmed: boolean,
  onMissing: 'refuse' | 'skip',
): Promise<{ resolved: Resolved; confirmedInfo: Record<string, unknown> }> {
  const gates = await downloadGates(
    repos,
    actor,
    r.entries.map((e) => e.asset),
  );
  let unavailable = r.unavailable;
  const licences = new Map<number, string>();
  let warned = 0;
  const entries = r.entries.filter((e) => {
    const g = gates.get(e.asset.id)!;
    if (g.blocked) {
      unavailable++;
      return false;
    }
    if (!needsConfirmation(g)) return true;
    if (!confirmed) {
      if (onMissing === 'refuse') throw new AppError('DOWNLOAD_CONFIRM');
      unavailable++;
      return false;
    }
    for (const t of g.terms) licences.set(t.id, t.name);
    if (g.warn) warned++;
    return true;
  });
  const bytes = entries.reduce((n, e) => n + Number(e.asset.size), 0);
  const info =
    licences.size || warned
      ? { confirmed: { licences: [...licences].map(([id, name]) => ({ id, name })), unavailable_assets: warned } }
      : {};
  return { resolved: { ...r, entries, unavailable, bytes }, confirmedInfo: info };
}
