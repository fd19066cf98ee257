import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.js';

export interface FormFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

const MAX_FORM_FILE_BYTES = 20 * 1024 * 1024;

/** Multipart text values as JSON-ish: objects/arrays/booleans parsed, the rest kept as strings. */
function fieldValue(raw: string): unknown {
  const t = raw.trim();
  if (t === 'true' || t === 'false') return t === 'true';
  if ((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[') && t.endsWith(']'))) {
    try {
      return JSON.parse(t);
    } catch {
      return raw;
    }
  }
  return raw;
}

/** @fastify/multipart's error for a file past `limits.fileSize`. */
const isFileTooLarge = (err: unknown) => (err as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Reads a small multipart form (brand and folder pictures): text fields into an object, named
 * files into buffers, each file at most 20 MB (413 beyond). A route's own smaller `maxFileBytes`
 * makes a larger file a 422 on its field instead. JSON bodies pass through unchanged.
 */
export async function readForm(
  req: FastifyRequest,
  fileFields: readonly string[],
  maxFileBytes?: number,
): Promise<{ body: unknown; files: FormFile[] }> {
  if (!req.isMultipart()) return { body: req.body ?? {}, files: [] };
  const body: Record<string, unknown> = {};
  const files: FormFile[] = [];
  const tooLarge = (field: string) =>
    maxFileBytes === undefined
      ? new AppError('PAYLOAD_TOO_LARGE')
      : new AppError('INVALID_DATA', {
          fieldKeys: { [field]: 'fileTooLarge' },
          fieldVars: { n: Math.round((maxFileBytes / 1024 / 1024) * 10) / 10 },
        });
  for await (const part of req.parts({
    limits: {
      fileSize: Math.min(maxFileBytes ?? MAX_FORM_FILE_BYTES, MAX_FORM_FILE_BYTES),
      files: fileFields.length,
      fields: 50,
    },
  })) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw invalid({ [part.fieldname]: 'unknown' });
      }
      const data = await part.toBuffer().catch((err: unknown) => {
        throw isFileTooLarge(err) ? tooLarge(part.fieldname) : err;
      });
      if (part.file.truncated) throw tooLarge(part.fieldname);
      files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
    } else {
      body[part.fieldname] = fieldValue(String(part.value));
    }
  }
  return { body, files };
}

/** One part of a streamed multipart body, as plain values: services never see the request. */
export type StreamPart =
  | { type: 'field'; name: string; value: string }
  | { type: 'file'; name: string; filename: string; stream: Readable & { truncated?: boolean } };

/** The parts of a streamed multipart body, in order; none when the body is not multipart. */
export async function* streamParts(req: FastifyRequest): AsyncGenerator<StreamPart> {
  if (!req.isMultipart()) return;
  for await (const part of req.parts()) {
    if (part.type === 'file') yield { type: 'file', name: part.fieldname, filename: part.filename, stream: part.file };
    else yield { type: 'field', name: part.fieldname, value: String(part.value) };
  }
}
