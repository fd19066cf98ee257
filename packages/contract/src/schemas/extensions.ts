import { z } from 'zod';
import { PageQuery, StatusSchema, paginated, text } from './common.js';

/** A file extension as typed: letters and digits after an optional leading dot ("png", ".tar.gz"). */
const EXTENSION_NAME = /^\.?[a-z0-9][a-z0-9+_-]{0,15}(\.[a-z0-9][a-z0-9+_-]{0,15}){0,2}$/;
/** type/subtype, as RFC 6838 allows for registered names. */
const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,62}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

/**
 * MIME types a browser may run (pages, scripts, SVG with scripts) or a computer may execute:
 * enabling them needs a warning, since a shared asset could then attack whoever opens it.
 */
export const DANGEROUS_MIME_TYPES = [
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/x-msdownload',
  'application/x-msdos-program',
  'application/x-executable',
  'application/x-sh',
  'application/x-csh',
  'application/x-bat',
  'application/vnd.microsoft.portable-executable',
  'application/java-archive',
] as const;

export const isDangerousMime = (mime: string) => (DANGEROUS_MIME_TYPES as readonly string[]).includes(mime);

export const Extension = z.object({
  id: z.number().int(),
  name: z.string(),
  mime_type: z.string(),
  asset_type: z.string(),
  status: StatusSchema,
  /** True when the type can run code in a browser or on a computer. */
  dangerous: z.boolean(),
  updated_at: z.string(),
});
export type Extension = z.infer<typeof Extension>;

export const ExtensionQuery = PageQuery.extend({
  q: text().max(100).optional(),
  status: StatusSchema.optional(),
});
export const ExtensionList = paginated(Extension);

/** What an uploader may send: the active extensions, for the upload dialog's list. */
export const AllowedTypes = z.object({
  items: z.array(z.object({ name: z.string(), asset_type: z.string() })),
});

export const ExtensionCreateBody = z.strictObject({
  name: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(50)
    .refine((v) => EXTENSION_NAME.test(v), { params: { key: 'extensionName' } })
    .transform((v) => v.replace(/^\./, '')),
  mime_type: z
    .string()
    .trim()
    .toLowerCase()
    .min(1)
    .max(190)
    .refine((v) => MIME_TYPE.test(v), { params: { key: 'mimeType' } }),
  status: StatusSchema.default('ACTIVE'),
});

export const ExtensionStatusBody = z.strictObject({ status: StatusSchema });

/** One extension and, when it is active and dangerous, the warning to show. */
export const ExtensionResponse = z.object({ extension: Extension, warning: z.string().nullable() });
