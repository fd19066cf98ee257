import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

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

/**
 * Reads a small multipart form (brand and folder pictures): text fields into an object, named
 * files into buffers, each file at most 20 MB. JSON bodies pass through unchanged.
 */
export async function readForm(
  req: FastifyRequest,
  fileFields: readonly string[],
): Promise<{ body: unknown; files: FormFile[] }> {
  if (!req.isMultipart()) return { body: req.body ?? {}, files: [] };
  const body: Record<string, unknown> = {};
  const files: FormFile[] = [];
  for await (const part of req.parts({
    limits: { fileSize: MAX_FORM_FILE_BYTES, files: fileFields.length, fields: 50 },
  })) {
    if (part.type === 'file') {
      if (!fileFields.includes(part.fieldname)) {
        part.file.resume();
        throw new AppError('INVALID_DATA', { fieldKeys: { [part.fieldname]: 'unknown' } });
      }
      const data = await part.toBuffer();
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
      files.push({ field: part.fieldname, filename: part.filename, mimetype: part.mimetype, data });
    } else {
      body[part.fieldname] = fieldValue(String(part.value));
    }
  }
  return { body, files };
}
