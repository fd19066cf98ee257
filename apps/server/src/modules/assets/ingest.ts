import type { Readable } from 'node:stream';
import type { ErrorCode, Lang, UploadMeta, UploadResult } from '@brandvault/contract';
import { NOT_CREATED_CODES, errorText } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { extractMetadata, inspectUpload } from '../../media/index.js';
import type { MediaMetadata } from '../../media/index.js';
import type { Deps } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import type { Unit } from '../../unitOfWork/unitOfWork.js';
import { BlobTooLargeError, newBlobKey } from '../../storage/index.js';
import type { StagedBlob } from '../../storage/index.js';
import type { FolderRow } from '../folders/folders.repo.js';
import { cleanFileName } from './fileName.js';
import { withLocalFile } from './localFile.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { assetTarget } from '../audit/audit.trail.js';
import type { AuditEvent } from '../../unitOfWork/auditEvent.js';
import { applyEmbedded } from '../metadata/embed/apply.js';
import { submitForReview, uploadNeedsReview } from './review.js';

const REJECTION: Record<string, ErrorCode> = {
  missing_extension: 'MISSING_EXTENSION',
  extension_not_allowed: 'EXTENSION_NOT_ALLOWED',
  content_mismatch: 'CONTENT_MISMATCH',
};

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
  ext: string;
  mime: string;
  assetType: string;
  empty: boolean;
  meta: MediaMetadata;
}

/**
 * What an upload arrives as: a stream, a finished local file (tus) to take over, or a blob its
 * request staged already (multipart).
 */
export type Source = Readable | { file: string; sha256?: string | undefined } | { staged: StagedBlob };
const isFile = (s: Source): s is { file: string; sha256?: string | undefined } =>
  typeof (s as { file?: unknown }).file === 'string';
const isStaged = (s: Source): s is { staged: StagedBlob } => (s as { staged?: unknown }).staged !== undefined;
const isStream = (s: Source): s is Readable => !isFile(s) && !isStaged(s);
const drain = (s: Source) => {
  if (isStream(s)) s.resume();
};

/** The active extension allow-list, read once by a caller that checks many files. */
export type AllowList = Awaited<ReturnType<Repos['assets']['allowedExtensions']>>;

export type Checked = { ok: true; file: StoredFile } | { ok: false; code: ErrorCode; existing?: undefined };

/**
 * Streams one file into place and checks it: staged while hashed, moved to its own key, then
 * inspected (allow-list, real type from its bytes) and described. A rejected file's blob is
 * deleted again. Nothing here writes a database row.
 */
export async function storeAndCheck(
  deps: Deps,
  source: Source,
  name: string,
  before?: (sha256: string) => Promise<'stop' | 'go'>,
  allowList?: AllowList,
): Promise<Checked | { ok: false; stopped: true; tempKey: string }> {
  const { storage, config, repos } = deps;
  let staged: StagedBlob;
  try {
    staged = isStaged(source)
      ? source.staged
      : isFile(source)
        ? await storage.adoptFile(source.file, { maxBytes: config.maxUploadBytes, sha256: source.sha256 })
        : await storage.stage(source, { maxBytes: config.maxUploadBytes });
  } catch (err) {
    drain(source);
    if (err instanceof BlobTooLargeError) return { ok: false, code: 'FILE_TOO_LARGE' };
    if ((isStream(source) && source.readableAborted) || (err as { code?: string }).code === 'ECONNRESET') {
      return { ok: false, code: 'UPLOAD_INCOMPLETE' };
    }
    throw err;
  }
  if (isStream(source) && (source as Readable & { truncated?: boolean }).truncated) {
    await storage.discard(staged.tempKey);
    return { ok: false, code: 'FILE_TOO_LARGE' };
  }
  if (before && (await before(staged.sha256)) === 'stop') return { ok: false, stopped: true, tempKey: staged.tempKey };
  const key = newBlobKey('originals');
  await storage.commit(staged.tempKey, key);
  try {
    const allow = allowList ?? (await repos.assets.allowedExtensions());
    const checked = await withLocalFile(storage, key, async (path) => {
      const verdict = await inspectUpload(path, name, allow);
      if (!verdict.ok) return { ok: false as const, code: REJECTION[verdict.reason] ?? 'CONTENT_MISMATCH' };
      const meta = verdict.empty ? {} : await extractMetadata(path, verdict.assetType).catch(() => ({}));
      return { ok: true as const, verdict, meta };
    });
    if (!checked.ok) {
      await storage.delete(key);
      return checked;
    }
    const v = checked.verdict;
    return {
      ok: true,
      file: {
        key,
        size: staged.size,
        sha256: staged.sha256,
        ext: v.ext,
        mime: v.mime,
        assetType: v.assetType,
        empty: v.empty,
        meta: checked.meta,
      },
    };
  } catch (err) {
    await storage.delete(key);
    throw err;
  }
}

/** "Brand / Folder / Subfolder", for showing where an existing copy lives. */
export async function locationOf(deps: Deps, assetId: number, brandId: number, folderId: number, folderPath: string) {
  const brand = await deps.repos.brands.byId(brandId);
  const names = await deps.repos.folders.crumbsMany([folderPath]);
  const crumbs = folderPath
    .split('/')
    .filter(Boolean)
    .map((id) => names.get(Number(id)) ?? '?');
  // The root folder carries the brand's name; show it once.
  return {
    asset_id: assetId,
    brand_id: brandId,
    brand_name: brand?.name ?? '',
    folder_id: folderId,
    path: [brand?.name ?? '', ...crumbs.slice(1)].join(' / '),
  };
}

/** A file refused for what it is is `not_created`; anything else `failed` (a retry may help). */
export const failed = (file_name: string, code: ErrorCode, lang: Lang): UploadResult => ({
  file_name,
  status: NOT_CREATED_CODES.includes(code) ? 'not_created' : 'failed',
  error: { code, message: errorText(code, lang).message },
});

/** A file stored and checked, waiting for its rows (see `writeNewAsset`). */
export interface PreparedFile {
  name: string;
  file: StoredFile;
}

/**
 * The part of an upload before its transaction: the name cleaned, the bytes stored (hashed while
 * read) and checked, and a duplicate found when duplicates are not allowed. Either the answer
 * (not created, or failed) or a stored file whose rows `writeNewAsset` writes; nothing here writes a row.
 */
export async function prepareNewAsset(
  deps: Deps,
  folder: FolderRow,
  rawName: string,
  source: Source,
  opts: { duplicates: 'skip' | 'allow'; lang: Lang; allow?: AllowList },
): Promise<{ done: UploadResult } | PreparedFile> {
  const named = cleanFileName(rawName);
  if (!named.ok) {
    drain(source);
    return { done: failed(named.name, named.code, opts.lang) };
  }
  const name = named.name;
  let existing: { id: number; folder_id: number; path: string } | undefined;
  const checked = await storeAndCheck(
    deps,
    source,
    name,
    async (sha) => {
      if (opts.duplicates === 'allow') return 'go';
      existing = await deps.repos.assets.duplicateOf(folder.brand_id, sha);
      return existing ? 'stop' : 'go';
    },
    opts.allow,
  );
  if (!checked.ok && 'stopped' in checked) {
    await deps.storage.discard(checked.tempKey);
    const e = existing!;
    const location = await locationOf(deps, e.id, folder.brand_id, e.folder_id, e.path);
    return { done: { ...failed(name, 'ASSET_EXISTS', opts.lang), asset_id: e.id, location } };
  }
  if (!checked.ok) return { done: failed(name, checked.code, opts.lang) };
  return { name, file: checked.file };
}

export interface NewAssetOptions {
  meta?: UploadMeta;
  /**
   * Holds the upload for review whatever the uploader's roles (an upload request's link, when
   * its brand requires approval: see `brandRequiresReview`).
   */
  holdForReview?: boolean;
  /** More writes in the asset's transaction (a NAS sync records the path it came from). */
  inTransaction?: (t: Unit<Repos>, assetId: number, file: StoredFile) => Promise<void>;
}

/**
 * The rows of one new asset inside the caller's transaction: the asset, its version 1, its
 * derivatives job, its audit entry (or, with `audits`, the entry is collected for one insert of
 * a batch), its embedded values and its review. `reviewOf` answers whether the brand's uploads
 * wait for review, so a batch asks once per brand.
 */
export async function writeNewAsset(
  deps: Deps,
  ctx: RequestContext,
  u: Unit<Repos>,
  folder: FolderRow,
  p: PreparedFile,
  opts: NewAssetOptions & { at: string; audits?: AuditEvent[]; reviewOf?: (brandId: number) => Promise<boolean> },
): Promise<{ assetId: number; pending: boolean }> {
  const { name, file: f } = p;
  const { actor } = ctx;
  const at = opts.at;
  const pending =
    opts.holdForReview === true ||
    (await (opts.reviewOf ? opts.reviewOf(folder.brand_id) : uploadNeedsReview(u, ctx, folder.brand_id)));
  const assetId = await u.repos.assets.insert({
    brand_id: folder.brand_id,
    folder_id: folder.id,
    name,
    ext: f.ext,
    mime: f.mime,
    type: f.assetType,
    size: f.size,
    sha256: f.sha256,
    blob_key: f.key,
    width: f.meta.width ?? null,
    height: f.meta.height ?? null,
    duration_seconds: f.meta.duration_seconds ?? null,
    author: f.meta.author?.slice(0, 255) ?? null,
    description: opts.meta?.description || f.meta.description || null,
    // The uploader's keywords join those the file carries, each once.
    keywords: JSON.stringify([...new Set([...(f.meta.keywords ?? []), ...(opts.meta?.keywords ?? [])])]),
    categories: '[]',
    language: null,
    // PUBLIC by default; a PRIVATE folder still hides it (visibility combines both).
    visibility: opts.meta?.visibility ?? 'PUBLIC',
    status: 'ACTIVE',
    name_locked: 0,
    taken_at: f.meta.created_at ?? null,
    camera: f.meta.camera ? JSON.stringify(f.meta.camera) : null,
    location: f.meta.location ? JSON.stringify(f.meta.location) : null,
    derivatives: f.empty ? 'none' : 'pending',
    derivative_rev: 1,
    thumb_key: null,
    preview_key: null,
    current_version: 1,
    created_by: actor.user.id,
    created_at: at,
    updated_at: at,
  });
  await u.repos.assets.insertVersion({
    asset_id: assetId,
    number: 1,
    name,
    ext: f.ext,
    mime: f.mime,
    size: f.size,
    sha256: f.sha256,
    blob_key: f.key,
    width: f.meta.width ?? null,
    height: f.meta.height ?? null,
    duration_seconds: f.meta.duration_seconds ?? null,
    taken_at: f.meta.created_at ?? null,
    camera: f.meta.camera ? JSON.stringify(f.meta.camera) : null,
    thumb_key: null,
    created_by: actor.user.id,
    created_at: at,
  });
  if (!f.empty)
    await u.enqueue(
      'assets.derivatives',
      { asset_id: assetId, rev: 1 },
      { dedupeKey: `deriv:${assetId}:1`, clock: deps.clock },
    );
  const entry: AuditEvent = {
    event: 'asset.upload',
    target: assetTarget({ id: assetId, name }),
    info: { folder_id: folder.id, size: f.size },
  };
  if (opts.audits) opts.audits.push(entry);
  else await u.audit(entry);
  await u.emit('asset.created', { assetId, brandId: folder.brand_id, folderId: folder.id });
  const asset = { id: assetId, brand_id: folder.brand_id, type: f.assetType, name };
  await applyEmbedded(u, asset, { keywords: f.meta.keywords ?? [], embedded: f.meta.embedded }, at);
  if (pending) await submitForReview(u, ctx, deps.clock, asset, 1);
  await opts.inTransaction?.(u, assetId, f);
  return { assetId, pending };
}

/**
 * One upload into a folder: `not_created` (ASSET_EXISTS, with where) when the brand already has these bytes and
 * duplicates are not allowed, otherwise the asset, its version 1 and its derivatives job in one
 * transaction.
 */
export async function ingestNewAsset(
  deps: Deps,
  ctx: RequestContext,
  folder: FolderRow,
  rawName: string,
  source: Source,
  opts: NewAssetOptions & { duplicates: 'skip' | 'allow' },
): Promise<UploadResult> {
  const prepared = await prepareNewAsset(deps, folder, rawName, source, {
    duplicates: opts.duplicates,
    lang: ctx.lang,
  });
  if ('done' in prepared) return prepared.done;
  const at = iso(deps.clock.now());
  try {
    const { assetId, pending } = await deps.change(ctx, (u) =>
      writeNewAsset(deps, ctx, u, folder, prepared, { ...opts, at }),
    );
    const res: UploadResult = { file_name: prepared.name, status: 'created', asset_id: assetId };
    return pending ? { ...res, pending_review: true } : res;
  } catch (err) {
    // The row never committed: the blob must not stay behind.
    await deps.storage.delete(prepared.file.key);
    throw err;
  }
}
