import type { IncomingMessage } from 'node:http';
import { Server } from '@tus/server';
import type { Upload } from '@tus/server';
import { NOT_CREATED_CODES, UPLOAD_REQUEST_TUS_PATH, UploadRequestTusMetadata, errorText } from '@brandvault/contract';
import type { ErrorCode, Lang, UploadResult } from '@brandvault/contract';
import { AppError, errorBody } from '../../http/errors.js';
import { isStorageFull } from '../../storage/errors.js';
import type { Deps } from '../../deps/deps.js';
import type { AnyContext } from '../../lib/requestContext.js';
import { cleanFileName } from '../assets/fileName.js';
import { useNodeBodies } from '../uploads/nodeBodies.js';
import type { TusStore } from '../uploads/tusStores.js';
import type { UploadRequestsPublicService } from './uploadRequests.public.service.js';

/** Who sends each raw request, and through which link: set by the Fastify route before tus takes over. */
export interface LinkCaller {
  ctx: AnyContext;
  token: string;
  pass: string | undefined;
}
export const linkCallers = new WeakMap<IncomingMessage, LinkCaller>();

type NodeReq = { runtime?: { node?: { req?: IncomingMessage } } };
const rawOf = (req: unknown) => (req as NodeReq).runtime?.node?.req;
function callerOf(req: unknown): LinkCaller {
  const raw = rawOf(req);
  const c = raw ? linkCallers.get(raw) : undefined;
  if (!c) throw reject('NOT_FOUND', 'en');
  return c;
}

function reject(code: ErrorCode, lang: Lang) {
  const status = new AppError(code).status;
  return {
    status_code: status,
    body: JSON.stringify({ error: { status, code, message: errorText(code, lang).message } }),
  };
}
const toError = (err: unknown, lang: Lang) =>
  err instanceof AppError
    ? { status_code: err.status, body: JSON.stringify(errorBody(err, lang)) }
    : reject('UNEXPECTED', lang);

function failureText(err: AppError, lang: Lang): string {
  const fields = errorBody(err, lang).error.fields;
  return fields && Object.keys(fields).length ? Object.values(fields).join('; ') : errorText(err.code, lang).message;
}

/**
 * Resumable uploads through an upload request link (tus 1.0) under UPLOAD_REQUEST_TUS_PATH, with
 * the link's token in X-Upload-Request and, for a password link, its pass in X-Upload-Pass. The
 * same store as signed-in uploads; every request is judged against the link: creation checks
 * type and budget before a byte is stored, and a link that expired or was closed stops the
 * upload's next request with the same 404 as an unknown one.
 */
export function createRequestTusServer(deps: Deps, links: UploadRequestsPublicService, store: TusStore) {
  const { datastore } = store;

  async function finish(c: LinkCaller, upload: Upload): Promise<UploadResult> {
    const meta = UploadRequestTusMetadata.parse(upload.metadata ?? {});
    const fileName = cleanFileName(meta.filename).name;
    try {
      const source = await store.source(upload);
      return await links.receive(c.ctx, upload.id, meta.filename, source);
    } catch (err) {
      if (err instanceof AppError)
        return {
          file_name: fileName,
          status: NOT_CREATED_CODES.includes(err.code) ? 'not_created' : 'failed',
          error: { code: err.code, message: failureText(err, c.ctx.lang) },
        };
      throw err;
    } finally {
      await store.discard(upload.id);
    }
  }

  const tus = new Server({
    path: UPLOAD_REQUEST_TUS_PATH,
    datastore,
    maxSize: deps.config.maxUploadBytes,
    relativeLocation: true,
    respectForwardedHeaders: deps.config.trustProxy,

    async onUploadCreate(req, upload) {
      const c = callerOf(req);
      const lang = c.ctx.lang;
      try {
        const parsed = UploadRequestTusMetadata.safeParse(upload.metadata ?? {});
        if (!parsed.success) throw new AppError('INVALID_DATA', { issues: parsed.error.issues });
        // The budget is decided on the declared length: a deferred one cannot be judged.
        if (upload.size === undefined) throw new AppError('INVALID_DATA');
        const requestId = await links.admit(c.token, c.pass, parsed.data, upload.size, upload.id);
        return { metadata: { ...upload.metadata, request_id: String(requestId) } };
      } catch (err) {
        throw toError(err, lang);
      }
    },

    async onIncomingRequest(req, uploadId) {
      const c = callerOf(req);
      if (req.method === 'POST' || !uploadId) return;
      try {
        await links.mayContinue(c.token, c.pass, uploadId);
      } catch (err) {
        throw toError(err, c.ctx.lang);
      }
    },

    async onResponseError(req, err) {
      if (!isStorageFull(err)) return undefined;
      await deps.disk?.released().catch(() => undefined);
      const raw = rawOf(req);
      return reject('STORAGE_FULL', (raw && linkCallers.get(raw)?.ctx.lang) || 'en');
    },

    async onUploadFinish(req, upload) {
      const result = await finish(callerOf(req), upload);
      return { status_code: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result) };
    },
  });
  useNodeBodies(tus);
  return tus;
}
