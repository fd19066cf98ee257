import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorText, fieldText, issuesToFields } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { pickLang } from './lang.js';
import { isMalformedMultipart } from './multipartErrors.js';
import { isStorageFull } from '../storage/errors.js';
import { isConnectionError, unavailable } from './unavailable.js';

import { AppError, invalid } from '../lib/appError.js';

/** AppError lives in lib/ so leaf helpers (pictures) can throw it without importing http. */
export { AppError, invalid } from '../lib/appError.js';

/**
 * The column a unique index refused, from SQLite's message ("UNIQUE constraint failed: users.email")
 * or PostgreSQL's detail ("Key (email)=(…) already exists."); null for any other error. The last
 * column of a composite key names the field a person typed (a brand's slug, not its id).
 */
export function uniqueViolationColumn(err: unknown): string | null {
  const e = err as { code?: unknown; message?: unknown; detail?: unknown } | null;
  let columns: string | undefined;
  if (e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    columns = /constraint failed: (.+)$/.exec(String(e.message))?.[1];
  else if (e?.code === '23505') columns = /^Key \((.+?)\)=/.exec(String(e.detail ?? ''))?.[1];
  if (columns === undefined) return null;
  const last = columns.split(',').pop()!.replace(/::\w+/g, '').trim();
  return /(\w+)\W*$/.exec(last.split('.').pop()!)?.[1] ?? 'body';
}
export const isUniqueViolation = (err: unknown) => uniqueViolationColumn(err) !== null;

/** The JSON error answer of `err` in `lang` (tus hooks answer with it too). */
export function errorBody(err: AppError, lang: Lang) {
  let fields: Record<string, string> | undefined;
  if (err.opts.issues) fields = issuesToFields(err.opts.issues, lang);
  if (err.opts.fieldKeys) {
    fields ??= {};
    for (const [path, key] of Object.entries(err.opts.fieldKeys))
      fields[path] = fieldText(lang, key, { ...err.opts.fieldVars, ...err.opts.fieldVarsByPath?.[path], path });
  }
  return {
    error: {
      status: err.status,
      code: err.code,
      message: errorText(err.code, lang).message,
      ...(fields ? { fields } : {}),
    },
  };
}

export function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  if (err.opts.headers) reply.headers(err.opts.headers);
  return reply
    .status(err.status)
    .type('application/json')
    .send(errorBody(err, pickLang(req)));
}

/** Fastify's own errors (bad JSON, body too large, wrong content type) mapped to catalogue codes. */
function fromFastify(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_VALIDATION':
      return new AppError('INVALID_DATA');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (isMalformedMultipart(err)) return new AppError('INVALID_DATA');
  if (err instanceof SyntaxError || (err.statusCode === 400 && !err.code?.startsWith('FST_ERR_'))) {
    return new AppError('INVALID_DATA');
  }
  // Any other client error raised by a library keeps its meaning instead of becoming a 500.
  switch (err.statusCode) {
    case 403:
      return new AppError('FORBIDDEN');
    case 404:
      return new AppError('NOT_FOUND');
    case 405:
      return new AppError('METHOD_NOT_ALLOWED');
    case 413:
      return new AppError('PAYLOAD_TOO_LARGE');
    case 415:
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return new AppError('INVALID_DATA');
  return null;
}

/** `onStorageFull`: told when a write failed for want of space (the disk reserve is released). */
export function installErrorHandling(app: FastifyInstance, onStorageFull?: () => Promise<void>) {
  app.setErrorHandler(async (err: FastifyError, req, reply) => {
    // A full disk or database is the operator's to fix: say so, not "unexpected error".
    if (!(err instanceof AppError) && isStorageFull(err)) {
      req.log.warn({ err }, 'storage full');
      await onStorageFull?.().catch(() => undefined);
      return sendError(req, reply, new AppError('STORAGE_FULL'));
    }
    const taken = err instanceof AppError ? null : uniqueViolationColumn(err);
    // A race two requests lost to one unique index: the field's 422, never a 500.
    const known = err instanceof AppError ? err : taken ? invalid({ [taken]: 'taken' }) : fromFastify(err);
    if (known) return sendError(req, reply, known);
    // The database or Redis is away (a restart, a failover): a 503 to retry, not a 500.
    if (isConnectionError(err)) {
      req.log.warn({ err }, 'dependency unreachable');
      return sendError(req, reply, unavailable());
    }
    // Unknown: log with the request id, answer with the fallback text only.
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, new AppError('UNEXPECTED'));
  });
}

/** `row`, or a 404 when it is gone (e.g. removed by another request since this one read it). */
export function found<T>(row: T | null | undefined): T {
  if (row === null || row === undefined) throw new AppError('NOT_FOUND');
  return row;
}
