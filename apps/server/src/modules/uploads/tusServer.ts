import type { IncomingMessage } from 'node:http';
import { Server } from '@tus/server';
import type { Upload } from '@tus/server';
import { NOT_CREATED_CODES, TUS_PATH, TusMetadata, errorText } from '@brandvault/contract';
import type { ErrorCode, Lang, UploadResult } from '@brandvault/contract';
import { extname } from 'node:path';
import { AppError, errorBody } from '../../http/errors.js';
import { isStorageFull } from '../../storage/errors.js';
import type { Deps } from '../../deps/deps.js';
import type { Services } from '../../deps/services.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { assetAbilities } from '../assets/assets.policy.js';
import { seesPrivate } from '../../access/principal.js';
import { foldersPolicy } from '../folders/folders.policy.js';
import { cleanFileName } from '../assets/fileName.js';
import { ingestNewAsset } from '../assets/ingest.js';
import { assetTarget } from '../audit/audit.trail.js';
import { precheckCarried, writeCarried } from '../metadata/values.carried.js';
import { useNodeBodies } from './nodeBodies.js';
import type { TusStore } from './tusStores.js';

/** Who is behind each raw request: set by the Fastify route before tus takes over. */
export const callers = new WeakMap<IncomingMessage, RequestContext>();

type NodeReq = { runtime?: { node?: { req?: IncomingMessage } } };
function callerOf(req: unknown) {
  const raw = (req as NodeReq).runtime?.node?.req;
  const c = raw ? callers.get(raw) : undefined;
  if (!c) throw reject('UNAUTHENTICATED', 'en');
  return c;
}

/** tus hooks abort with `{status_code, body}`; the body is our usual error JSON. */
function reject(code: ErrorCode, lang: Lang) {
  const status = new AppError(code).status;
  return {
    status_code: status,
    body: JSON.stringify({ error: { status, code, message: errorText(code, lang).message } }),
  };
}

// An AppError keeps its field messages (a brand field's label), so the dialog can say which one.
const toError = (err: unknown, lang: Lang) =>
  err instanceof AppError
    ? { status_code: err.status, body: JSON.stringify(errorBody(err, lang)) }
    : reject('UNEXPECTED', lang);

/** What a failed upload says: the field messages when there are some, else the code's text. */
function failureText(err: AppError, lang: Lang): string {
  const fields = errorBody(err, lang).error.fields;
  return fields && Object.keys(fields).length ? Object.values(fields).join('; ') : errorText(err.code, lang).message;
}

/**
 * Resumable uploads (tus 1.0) under /api/uploads. Parts land in DATA_DIR/tus (or the S3 bucket
 * under `tus/`, see tusStores.ts); a finished upload
 * goes through the same checks as a multipart upload and becomes an asset (or a new version when
 * `asset_id` is in its metadata). The final PATCH answers 200 with the `UploadResult` JSON.
 */
export function createTusServer(deps: Deps, services: Services, store: TusStore) {
  const { datastore } = store;
  const disk = deps.disk;

  async function finish(ctx: RequestContext, upload: Upload): Promise<UploadResult> {
    const { actor, lang } = ctx;
    const meta = TusMetadata.parse(upload.metadata ?? {});
    // Results show the name as it is stored, never the raw one with its invisible characters.
    const fileName = cleanFileName(meta.filename).name;
    try {
      const source = await store.source(upload);
      if (meta.asset_id) {
        const { asset } = await services.versions.fromStream(ctx, meta.asset_id, meta.filename, source);
        return { file_name: fileName, status: 'replaced', asset_id: asset.id };
      }
      const folder = await services.folders.visible(actor, meta.folder_id!);
      return await ingestNewAsset(deps, ctx, folder, meta.filename, source, {
        duplicates: meta.duplicates,
        meta: { description: meta.description, keywords: meta.keywords, visibility: meta.visibility },
        // The brand field values are written with the asset, or the asset is not made at all.
        inTransaction: async (u, assetId, file) => {
          const written = await writeCarried(
            u.repos,
            { id: assetId, brand_id: folder.brand_id, type: file.assetType },
            meta.fields ?? {},
          );
          if (Object.keys(written).length)
            await u.audit({
              event: 'asset.fields',
              target: assetTarget({ id: assetId, name: fileName }),
              changes: Object.fromEntries(Object.entries(written).map(([k, v]) => [k, { before: null, after: v }])),
            });
        },
      });
    } catch (err) {
      if (err instanceof AppError)
        return {
          file_name: fileName,
          status: NOT_CREATED_CODES.includes(err.code) ? 'not_created' : 'failed',
          error: { code: err.code, message: failureText(err, lang) },
        };
      throw err;
    } finally {
      await store.discard(upload.id);
    }
  }

  const tus = new Server({
    path: TUS_PATH,
    datastore,
    maxSize: deps.config.maxUploadBytes,
    relativeLocation: true,
    respectForwardedHeaders: deps.config.trustProxy,

    /** Checks the target before a single byte is accepted, and records the owner. */
    async onUploadCreate(req, upload) {
      const { actor, lang } = callerOf(req);
      const parsed = TusMetadata.safeParse(upload.metadata ?? {});
      if (!parsed.success) throw reject('INVALID_DATA', lang);
      const meta = parsed.data;
      try {
        if (meta.asset_id) {
          const a = await services.assets.visible(actor, meta.asset_id);
          if (!assetAbilities(actor, a).version) throw new AppError('FORBIDDEN');
        } else {
          if (!meta.folder_id || !meta.brand_id) throw new AppError('INVALID_DATA');
          const folder = await services.folders.visible(actor, meta.folder_id);
          if (folder.brand_id !== meta.brand_id) throw new AppError('FOLDER_NOT_FOUND');
          if (!foldersPolicy.abilities(actor, folder).upload) throw new AppError('FORBIDDEN');
          // Nobody makes an asset private that they could not see afterwards.
          if (meta.visibility === 'PRIVATE' && !seesPrivate(actor)) throw new AppError('FORBIDDEN');
          // Wrong field values, or required ones missing, are refused before a single byte.
          const ext = extname(meta.filename).slice(1);
          const guessed = ext ? ((await deps.repos.assets.typeOfExtension(ext)) ?? null) : null;
          await precheckCarried(deps.repos, folder.brand_id, meta.fields ?? {}, guessed);
        }
      } catch (err) {
        throw toError(err, lang);
      }
      return { metadata: { ...upload.metadata, owner_id: String(actor.user.id) } };
    },

    /** Only the person who started an upload may continue, inspect or cancel it. */
    async onIncomingRequest(req, uploadId) {
      const { actor, lang } = callerOf(req);
      if (req.method === 'POST' || !uploadId) return;
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.owner_id !== String(actor.user.id)) throw reject('NOT_FOUND', lang);
    },

    /** A full disk is said as such (507, in the caller's language), not as tus's bare 500. */
    async onResponseError(req, err) {
      if (!isStorageFull(err)) return undefined;
      await disk?.released().catch(() => undefined);
      const raw = (req as NodeReq).runtime?.node?.req;
      return reject('STORAGE_FULL', (raw && callers.get(raw)?.lang) || 'en');
    },

    async onUploadFinish(req, upload) {
      const ctx = callerOf(req);
      const result = await finish(ctx, upload);
      return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
    },
  });
  useNodeBodies(tus);
  return tus;
}
