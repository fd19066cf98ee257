import type { AssetVersion } from '@brandvault/contract';
import { authorize } from '../../http/authorize.js';
import { AppError, invalid } from '../../http/errors.js';
import type { StreamPart } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { extensionInfo } from '../../media/index.js';
import type { Deps } from '../../deps/deps.js';
import type { StagedBlob } from '../../storage/index.js';
import type { Actor } from '../../access/principal.js';
import type { AssetsService } from './assets.service.js';
import { assetAbilities } from './assets.policy.js';
import type { AssetRow, VersionRow } from './assets.repo.js';
import { cleanFileName } from './fileName.js';
import { storeAndCheck } from './ingest.js';
import { submitForReview, uploadNeedsReview } from './review.js';
import type { Source, StoredFile } from './ingest.js';
import { RequestStaging } from './requestStaging.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { assetTarget } from '../audit/audit.trail.js';
import type { Unit } from '../../unitOfWork/unitOfWork.js';
import type { Clock } from '../../lib/clock.js';
import type { Repos } from '../../deps/repos.js';
import type { Embedded } from '../../media/index.js';
import { applyEmbedded } from '../metadata/embed/apply.js';

export type VersionFile = Omit<StoredFile, 'meta'> & {
  width: number | null;
  height: number | null;
  /** The file's own metadata: it replaces the previous file's, even where it has none. */
  duration_seconds: number | null;
  taken_at: string | null;
  camera: string | null;
  location: string | null;
  name: string;
  thumb_key?: string | null;
  /** What the file carries for the brand's mapped fields (issue 39 §4). */
  embedded?: Embedded | undefined;
  file_keywords?: string[] | undefined;
};

/**
 * Makes `file` the current version of `a` in the unit of work `u`: the version row, the asset's file
 * columns, the audit entry and the derivatives job. The asset's title, description and keywords
 * stay as they are (a NAS sync's new file keeps what people edited in the app). Returns the
 * version's number.
 */
/** A stored file as a version: its own metadata replaces the asset's, even where it has none. */
export function versionFileOf(f: StoredFile, name: string): VersionFile {
  const { meta, ...file } = f;
  return {
    ...file,
    name,
    width: meta.width ?? null,
    height: meta.height ?? null,
    duration_seconds: meta.duration_seconds ?? null,
    taken_at: meta.created_at ?? null,
    camera: meta.camera ? JSON.stringify(meta.camera) : null,
    location: meta.location ? JSON.stringify(meta.location) : null,
    embedded: meta.embedded,
    file_keywords: meta.keywords,
  };
}

export async function writeVersion(
  u: Unit<Repos>,
  clock: Clock,
  ctx: RequestContext,
  a: Pick<AssetRow, 'id' | 'brand_id' | 'name' | 'ext' | 'type' | 'current_version' | 'derivative_rev'>,
  file: VersionFile,
  /** The version brought back, when this is a restore rather than a new file. */
  restored?: number,
): Promise<number> {
  const { actor } = ctx;
  const at = iso(clock.now());
  const number = a.current_version + 1;
  const rev = a.derivative_rev + 1;
  // The asset keeps its name; only a changed file extension follows the new file.
  const name = a.ext === file.ext ? a.name : `${a.name.replace(/\.[^.]+$/, '')}.${file.ext}`;
  await u.repos.assets.insertVersion({
    asset_id: a.id,
    number,
    name: file.name,
    ext: file.ext,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    blob_key: file.key,
    width: file.width,
    height: file.height,
    duration_seconds: file.duration_seconds,
    taken_at: file.taken_at,
    camera: file.camera,
    location: file.location,
    thumb_key: null,
    created_by: actor.user.id,
    created_at: at,
  });
  // A file of another type (a text over a photo) is asked about in the browser and kept on record here.
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  if (name !== a.name) changes.name = { before: a.name, after: name };
  if (file.ext !== a.ext) changes.extension = { before: a.ext, after: file.ext };
  if (file.assetType !== a.type) changes.type = { before: a.type, after: file.assetType };
  await u.audit({
    event: restored === undefined ? 'asset.version_new' : 'asset.version_restore',
    target: assetTarget(a),
    info: { version: restored ?? number },
    ...(Object.keys(changes).length ? { changes } : {}),
  });
  await u.emit('asset.version_created', { assetId: a.id, brandId: a.brand_id, version: number });
  await u.repos.assets.update(a.id, {
    name,
    ext: file.ext,
    mime: file.mime,
    type: file.assetType,
    size: file.size,
    sha256: file.sha256,
    blob_key: file.key,
    width: file.width,
    height: file.height,
    duration_seconds: file.duration_seconds,
    taken_at: file.taken_at,
    camera: file.camera,
    location: file.location,
    current_version: number,
    derivative_rev: rev,
    derivatives: file.empty ? 'none' : 'pending',
    thumb_key: null,
    preview_key: null,
    // The new file's video pictures and proxy come with its derivatives job.
    hover_key: null,
    proxy_key: null,
    proxy_state: null,
    updated_at: at,
  });
  // A new file's embedded metadata fills the mapped fields again; a restore keeps today's values.
  if (restored === undefined) {
    const asset = { id: a.id, brand_id: a.brand_id, type: file.assetType, name };
    await applyEmbedded(u, asset, { keywords: file.file_keywords ?? [], embedded: file.embedded }, at);
  }
  if (!file.empty)
    await u.enqueue('assets.derivatives', { asset_id: a.id, rev }, { dedupeKey: `deriv:${a.id}:${rev}`, clock });
  return number;
}

/**
 * Version history (§4: initialised by the first upload as version 1). Every change of file, and
 * every restore of an older one, is a new version; old versions are kept.
 */
export function versionsService(deps: Deps, assets: AssetsService) {
  const { repos, clock, media } = deps;

  const toView = (
    v: VersionRow & { first_name: string | null; last_name: string | null },
    current: number,
  ): AssetVersion => ({
    number: v.number,
    name: v.name,
    size: Number(v.size),
    sha256: v.sha256,
    mime: v.mime,
    author: v.created_by ? { id: v.created_by, name: `${v.first_name ?? ''} ${v.last_name ?? ''}`.trim() } : null,
    created_at: v.created_at,
    thumbnail_url: media(v.thumb_key),
    current: v.number === current,
  });

  /** Makes `file` the current version: one transaction with its derivatives job. */
  async function makeCurrent(
    ctx: RequestContext,
    a: AssetRow,
    file: VersionFile,
    /** The version brought back, when this is a restore rather than a new file. */
    restored?: number,
  ) {
    const number = a.current_version + 1;
    await deps.change(ctx, async (u) => {
      const n = await writeVersion(u, clock, ctx, a, file, restored);
      // A new file from someone whose uploads wait for review puts the asset back in review.
      if (restored === undefined && (await uploadNeedsReview(u, ctx, a.brand_id)))
        await submitForReview(u, ctx, clock, a, n);
    });
    const view = await assets.viewAfterChange(ctx, a.id);
    const version = toView(
      (await repos.assets.versions(a.id)).find((v) => v.number === number)!,
      number,
    );
    return { asset: view.asset, version };
  }

  async function listVersions(actor: Actor, id: number) {
    const a = await assets.visible(actor, id);
    const rows = await repos.assets.versions(id);
    return { items: rows.map((v) => toView(v, a.current_version)) };
  }

  return {
    list: (ctx: RequestContext, id: number) => listVersions(ctx.actor, id),

    /** A new version from an upload (a staged multipart file or a finished tus upload). */
    async fromStream(ctx: RequestContext, assetId: number, fileName: string, source: Source) {
      const { actor } = ctx;
      const a = await assets.visible(actor, assetId);
      authorize(assetAbilities(actor, a).version);
      const named = cleanFileName(fileName);
      if (!named.ok)
        throw new AppError(named.code, {
          fieldKeys: { file: named.code === 'MISSING_NAME' ? 'nameOnly' : 'required' },
        });
      const name = named.name;
      const checked = await storeAndCheck(deps, source, name);
      // A rejected file answers with its own catalogue code (422, or 413 when too large).
      if (!checked.ok) throw new AppError('code' in checked ? checked.code : 'INVALID_DATA');
      const f = checked.file;
      return makeCurrent(ctx, a, versionFileOf(f, name));
    },

    /**
     * Multipart: an `asset_id` field first (the asset is checked before a byte of the file is
     * read), then one `file`, staged and made the current version only once the body has ended
     * well, so a malformed or cut-off body leaves no version behind.
     */
    async create(ctx: RequestContext, parts: AsyncIterable<StreamPart>) {
      const { actor } = ctx;
      const staging = new RequestStaging(deps.storage, deps.config.maxUploadBytes);
      try {
        let assetId: number | undefined;
        let file: { name: string; staged: StagedBlob | 'FILE_TOO_LARGE' } | undefined;
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.name === 'asset_id' && assetId === undefined) {
              if (!/^[1-9]\d{0,15}$/.test(part.value.trim())) throw invalid({ asset_id: 'invalid' });
              assetId = Number(part.value);
              authorize(assetAbilities(actor, await assets.visible(actor, assetId)).version);
            }
          } else if (part.name !== 'file' || file || assetId === undefined) {
            part.stream.resume();
            if (assetId === undefined) throw invalid({ asset_id: 'required' });
          } else file = { name: part.filename, staged: await staging.stage(part.stream) };
        }
        if (assetId === undefined) throw invalid({ asset_id: 'required' });
        if (!file) throw invalid({ file: 'required' });
        if (file.staged === 'FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE');
        return await this.fromStream(ctx, assetId, file.name, { staged: file.staged });
      } finally {
        await staging.discardAll();
      }
    },

    async restore(ctx: RequestContext, id: number, number: number) {
      const { actor } = ctx;
      const a = await assets.visible(actor, id);
      authorize(assetAbilities(actor, a).version);
      const v = await repos.assets.version(id, number);
      if (!v) throw new AppError('NOT_FOUND');
      if (v.number === a.current_version) throw invalid({ number: 'invalid' });
      return makeCurrent(
        ctx,
        a,
        {
          key: v.blob_key,
          size: Number(v.size),
          sha256: v.sha256,
          ext: v.ext,
          mime: v.mime,
          assetType: extensionInfo(v.ext)?.assetType ?? a.type,
          empty: Number(v.size) === 0,
          name: v.name,
          width: v.width,
          height: v.height,
          duration_seconds: v.duration_seconds,
          taken_at: v.taken_at,
          camera: v.camera,
          location: v.location,
        },
        v.number,
      );
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    versions: ReturnType<typeof versionsService>;
  }
}
