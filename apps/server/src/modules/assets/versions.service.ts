import type { FastifyRequest } from 'fastify';
import type { AssetVersion } from '@brandvault/contract';
import { authorize } from '../../http/authorize.js';
import { AppError, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { enqueue } from '../../jobs/queue.js';
import { extensionInfo } from '../../media/index.js';
import { makeRepos } from '../../repos.js';
import type { Deps } from '../../services.js';
import type { Actor } from '../auth/actor.js';
import type { AssetsService } from './assets.service.js';
import { assetAbilities } from './assets.policy.js';
import type { AssetRow, VersionRow } from './assets.repo.js';
import { safeFileName, storeAndCheck } from './ingest.js';
import type { Source, StoredFile } from './ingest.js';

/**
 * Version history (§4: initialised by the first upload as version 1). Every change of file, and
 * every restore of an older one, is a new version; old versions are kept.
 */
export function versionsService(deps: Deps, assets: AssetsService) {
  const { repos, clock, media, handle } = deps;

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
    actor: Actor,
    a: AssetRow,
    file: Omit<StoredFile, 'meta'> & {
      width: number | null;
      height: number | null;
      name: string;
      thumb_key?: string | null;
    },
  ) {
    const at = iso(clock.now());
    const number = a.current_version + 1;
    const rev = a.derivative_rev + 1;
    // The asset keeps its name; only a changed file extension follows the new file.
    const name = a.ext === file.ext ? a.name : `${a.name.replace(/\.[^.]+$/, '')}.${file.ext}`;
    await handle.db.transaction().execute(async (trx) => {
      const tx = makeRepos(trx);
      await tx.assets.insertVersion({
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
        thumb_key: null,
        created_by: actor.user.id,
        created_at: at,
      });
      await tx.assets.update(a.id, {
        name,
        ext: file.ext,
        mime: file.mime,
        type: file.assetType,
        size: file.size,
        sha256: file.sha256,
        blob_key: file.key,
        width: file.width,
        height: file.height,
        current_version: number,
        derivative_rev: rev,
        derivatives: file.empty ? 'none' : 'pending',
        thumb_key: null,
        preview_key: null,
        updated_at: at,
      });
      if (!file.empty)
        await enqueue(trx, 'assets.derivatives', { asset_id: a.id, rev }, { dedupeKey: `deriv:${a.id}:${rev}`, clock });
    });
    deps.wake?.();
    const view = await assets.view(actor, a.id);
    const version = (await listVersions(actor, a.id)).items.find((v) => v.number === number)!;
    return { asset: view.asset, version };
  }

  async function listVersions(actor: Actor, id: number) {
    const a = await assets.visible(actor, id);
    const rows = await repos.assets.versions(id);
    return { items: rows.map((v) => toView(v, a.current_version)) };
  }

  return {
    list: listVersions,

    /** A new version from a stream (multipart part or finished tus upload). */
    async fromStream(actor: Actor, assetId: number, fileName: string, source: Source) {
      const a = await assets.visible(actor, assetId);
      authorize(assetAbilities(actor, a).version);
      const name = safeFileName(fileName);
      const checked = await storeAndCheck(deps, source, name);
      // A rejected file answers with its own catalogue code (422, or 413 when too large).
      if (!checked.ok) throw new AppError('code' in checked ? checked.code : 'INVALID_DATA');
      const f = checked.file;
      return makeCurrent(actor, a, { ...f, name, width: f.meta.width ?? null, height: f.meta.height ?? null });
    },

    /** Multipart: an `asset_id` field first, then one `file`. */
    async create(actor: Actor, req: FastifyRequest) {
      if (!req.isMultipart()) throw invalid({ file: 'required' });
      let assetId: number | undefined;
      let result: Awaited<ReturnType<typeof makeCurrent>> | undefined;
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'asset_id') assetId = Number(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || result || !assetId || !Number.isInteger(assetId) || assetId < 1) {
          part.file.resume();
          if (!assetId) throw invalid({ asset_id: 'required' });
          continue;
        }
        result = await this.fromStream(actor, assetId, part.filename, part.file);
      }
      if (!assetId) throw invalid({ asset_id: 'required' });
      if (!result) throw invalid({ file: 'required' });
      return result;
    },

    async restore(actor: Actor, id: number, number: number) {
      const a = await assets.visible(actor, id);
      authorize(assetAbilities(actor, a).version);
      const v = await repos.assets.version(id, number);
      if (!v) throw new AppError('NOT_FOUND');
      if (v.number === a.current_version) throw invalid({ number: 'invalid' });
      return makeCurrent(actor, a, {
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
      });
    },
  };
}
