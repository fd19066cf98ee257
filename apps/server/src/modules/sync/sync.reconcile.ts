import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import type { ErrorCode, FieldValue, SyncOutcome, SyncReason } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps, UnitOfWork } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import { assetTarget, folderTarget } from '../audit/audit.trail.js';
import { cleanFileName } from '../assets/fileName.js';
import { ingestNewAsset, storeAndCheck } from '../assets/ingest.js';
import { writeCarried } from '../metadata/values.carried.js';
import { versionFileOf, writeVersion } from '../assets/versions.service.js';
import type { FolderRow } from '../folders/folders.repo.js';
import type { ScannedFile } from './sync.scan.js';
import type { SyncEntryRow, SyncSourceListRow } from './sync.repo.js';

/**
 * What a run does to one path: import, new version, move, remove, restore. Each change is one
 * transaction holding the asset's rows, the path's entry and the report's row, so a run that dies
 * half-way leaves every file either fully done or untouched, and the next run carries on.
 */

const REASONS: Partial<Record<ErrorCode, SyncReason>> = {
  FILE_TOO_LARGE: 'too_large',
  MISSING_EXTENSION: 'refused_type',
  EXTENSION_NOT_ALLOWED: 'refused_type',
  CONTENT_MISMATCH: 'refused_type',
  MISSING_NAME: 'refused_type',
  UPLOAD_INCOMPLETE: 'corrupt',
};
export const reasonOf = (code: ErrorCode): SyncReason => REASONS[code] ?? 'error';

export interface RunEnv {
  deps: Deps;
  ctx: RequestContext;
  source: SyncSourceListRow;
  runId: number;
}

/** Folders mirroring the source's directories, made on first use under the source's folder. */
export function folderMirror(env: RunEnv) {
  const { deps, ctx, source } = env;
  const cache = new Map<string, Promise<FolderRow>>();
  async function make(dir: string): Promise<FolderRow> {
    if (dir === '' || dir === '.') {
      const root = await deps.repos.folders.byId(source.folder_id);
      if (!root) throw new Error(`folder ${source.folder_id} of sync source ${source.id} is gone`);
      return root;
    }
    const parent = await folderFor(posix.dirname(dir));
    const name = posix.basename(dir).slice(0, 255);
    const found = await deps.repos.sync.childFolder(parent.id, name);
    if (found) return found;
    const at = iso(deps.clock.now());
    const id = await deps.change(ctx, async (u) => {
      const folderId = await u.repos.folders.insert({
        brand_id: parent.brand_id,
        parent,
        name,
        visibility: 'PUBLIC',
        created_by: ctx.actor.user.id,
        at,
      });
      await u.audit({
        event: 'folder.create',
        target: folderTarget({ id: folderId, name }),
        info: { brand_id: parent.brand_id, parent_id: parent.id },
      });
      return folderId;
    });
    return (await deps.repos.folders.byId(id))!;
  }
  function folderFor(dir: string): Promise<FolderRow> {
    let p = cache.get(dir);
    if (!p) {
      p = make(dir);
      cache.set(dir, p);
      p.catch(() => cache.delete(dir));
    }
    return p;
  }
  return folderFor;
}

const fileName = (rel: string) => {
  const n = cleanFileName(posix.basename(rel));
  return n.ok ? n.name : posix.basename(rel);
};

export function reconciler(env: RunEnv, folderFor: (dir: string) => Promise<FolderRow>) {
  const { deps, ctx, source, runId } = env;
  const now = () => iso(deps.clock.now());
  const defaults = JSON.parse(source.field_values || '{}') as Record<string, FieldValue>;

  const item = (
    repos: Pick<Repos, 'sync'>,
    path: string,
    outcome: SyncOutcome,
    extra: Partial<Record<string, unknown>> = {},
  ) =>
    repos.sync.addItem({
      run_id: runId,
      path,
      outcome,
      reason: (extra.reason as string | undefined) ?? null,
      from_path: (extra.from_path as string | undefined) ?? null,
      asset_id: (extra.asset_id as number | undefined) ?? null,
    });
  const entry = (f: ScannedFile, sha256: string | null, assetId: number | null) => ({
    source_id: source.id,
    rel_path: f.rel,
    size: f.size,
    mtime_ms: f.mtimeMs,
    sha256,
    asset_id: assetId,
    failed_size: null,
    failed_mtime_ms: null,
    missing_since: null,
  });

  /** A file that failed: reported now, and not tried again until its size or mtime changes. */
  async function failed(f: ScannedFile, prev: SyncEntryRow | undefined, reason: SyncReason) {
    await deps.tx(async (u) => {
      await u.repos.sync.saveEntry({
        source_id: source.id,
        rel_path: f.rel,
        size: prev ? Number(prev.size) : f.size,
        mtime_ms: prev ? Number(prev.mtime_ms) : f.mtimeMs,
        sha256: prev?.sha256 ?? null,
        asset_id: prev?.asset_id ?? null,
        failed_size: f.size,
        failed_mtime_ms: f.mtimeMs,
        missing_since: null,
      });
      await item(u.repos, f.rel, 'failed', { reason, asset_id: prev?.asset_id ?? undefined });
    });
    return 'failed' as const;
  }

  async function restoreIn(u: UnitOfWork, assetId: number, name: string) {
    await u.repos.assets.update(assetId, { status: 'ACTIVE', updated_at: now() });
    await u.audit({
      event: 'asset.status',
      target: assetTarget({ id: assetId, name }),
      changes: { status: { before: 'INACTIVE', after: 'ACTIVE' } },
    });
  }

  return {
    /** A path never seen (or whose asset is gone): imported through the normal ingest. */
    async importNew(f: ScannedFile, prev: SyncEntryRow | undefined) {
      const folder = await folderFor(posix.dirname(f.rel));
      const res = await ingestNewAsset(deps, ctx, folder, posix.basename(f.rel), createReadStream(f.abs), {
        duplicates: 'allow',
        inTransaction: async (t, assetId, stored) => {
          // The source's default field values; a missing required one is a gap, never a refusal.
          const written = await writeCarried(
            t.repos,
            { id: assetId, brand_id: folder.brand_id, type: stored.assetType },
            defaults,
            { enforceRequired: false },
          );
          if (Object.keys(written).length)
            await t.audit({
              event: 'asset.fields',
              target: assetTarget({ id: assetId, name: fileName(f.rel) }),
              changes: Object.fromEntries(Object.entries(written).map(([k, v]) => [k, { before: null, after: v }])),
            });
          await t.repos.sync.saveEntry(entry(f, stored.sha256, assetId));
          await item(t.repos, f.rel, 'new', { asset_id: assetId });
        },
      });
      if (res.status !== 'created') return failed(f, prev, reasonOf((res.error?.code ?? 'UNEXPECTED') as ErrorCode));
      return 'new' as const;
    },

    /** A changed file: a new version of its asset (the app's title, description, keywords stay). */
    async newVersion(f: ScannedFile, prev: SyncEntryRow) {
      const a = await deps.repos.assets.withFolder(prev.asset_id!);
      if (!a) return this.importNew(f, prev);
      const name = fileName(f.rel);
      const checked = await storeAndCheck(deps, createReadStream(f.abs), name);
      if (!checked.ok) return failed(f, prev, 'code' in checked ? reasonOf(checked.code) : 'error');
      const s = checked.file;
      try {
        await deps.change(ctx, async (u) => {
          await writeVersion(u, deps.clock, ctx, a, versionFileOf(s, name));
          if (a.status !== 'ACTIVE' && prev.missing_since) await restoreIn(u, a.id, a.name);
          await u.repos.sync.saveEntry(entry(f, s.sha256, a.id));
          await item(u.repos, f.rel, 'updated', { asset_id: a.id });
        });
      } catch (err) {
        await deps.storage.delete(s.key);
        throw err;
      }
      return 'updated' as const;
    },

    /** The same bytes at a new path, their old path gone: the asset follows (folder and name). */
    async move(f: ScannedFile, from: SyncEntryRow) {
      const a = await deps.repos.assets.withFolder(from.asset_id!);
      if (!a) return this.importNew(f, undefined);
      const folder = await folderFor(posix.dirname(f.rel));
      const name = fileName(f.rel);
      await deps.change(ctx, async (u) => {
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        if (a.folder_id !== folder.id) {
          await u.repos.assets.moveMany([a.id], folder.id, now());
          changes.folder_id = { before: a.folder_id, after: folder.id };
        }
        if (a.name !== name) {
          await u.repos.assets.update(a.id, { name, updated_at: now() });
          changes.name = { before: a.name, after: name };
        }
        if (Object.keys(changes).length)
          await u.audit({ event: 'asset.move', target: assetTarget({ id: a.id, name }), changes });
        if (a.status !== 'ACTIVE') await restoreIn(u, a.id, name);
        const r = u.repos.sync;
        await r.deleteEntry(source.id, from.rel_path);
        await r.saveEntry(entry(f, from.sha256, a.id));
        await item(u.repos, f.rel, 'moved', { from_path: from.rel_path, asset_id: a.id });
      });
      return 'moved' as const;
    },

    /** Same bytes as recorded (only the mtime moved): the entry follows; a gone file's asset is back. */
    async touch(f: ScannedFile, prev: SyncEntryRow) {
      const back = prev.missing_since !== null && prev.asset_status === 'INACTIVE';
      await deps.change(ctx, async (u) => {
        await u.repos.sync.saveEntry(entry(f, prev.sha256, prev.asset_id));
        if (back) {
          await restoreIn(u, prev.asset_id!, posix.basename(f.rel));
          await item(u.repos, f.rel, 'restored', { asset_id: prev.asset_id! });
        }
      });
      return back ? ('restored' as const) : ('unchanged' as const);
    },

    /** A file gone: its asset INACTIVE when the source says so (restorable), else only noted. */
    async gone(e: SyncEntryRow) {
      const r = deps.repos.sync;
      if (e.asset_id === null) return r.deleteEntry(source.id, e.rel_path);
      if (source.on_missing !== 'remove' || e.asset_status !== 'ACTIVE')
        return r.markMissing(source.id, [e.rel_path], now());
      await deps.change(ctx, async (u) => {
        await u.repos.assets.update(e.asset_id!, { status: 'INACTIVE', updated_at: now() });
        await u.audit({
          event: 'asset.status',
          target: assetTarget({ id: e.asset_id!, name: posix.basename(e.rel_path) }),
          changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
        });
        await u.repos.sync.markMissing(source.id, [e.rel_path], now());
        await item(u.repos, e.rel_path, 'removed', { asset_id: e.asset_id! });
      });
    },

    /** Skipped paths (half-written, unreadable, links), reported once per run. */
    skipped: (rel: string, reason: SyncReason) => item(deps.repos, rel, 'skipped', { reason }),
    failed,
  };
}
export type Reconciler = ReturnType<typeof reconciler>;
