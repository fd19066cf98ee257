import { z } from 'zod';
import { Id, IdNumber, PageQuery, QueryInt, Timestamp, paginated, text } from './common.js';
import { AuditQuery } from './audit.js';
import { RoleNameSchema } from './roles.js';
import { AssetSearchBody } from './search.js';
import { TEMPLATE_MAX_ROWS } from '../core/limits.js';
export {
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MAX_ROWS,
  TEMPLATE_MAX_COLUMNS,
  IMPORT_SCHEDULE_MAX_DAYS,
} from '../core/limits.js';

/** The zip inside an xlsx: all its entries expanded, and the ratio of expanded to stored bytes. */
export const TEMPLATE_MAX_EXPANDED_BYTES = 100 * 1024 * 1024;
export const TEMPLATE_MAX_RATIO = 100;
/** Keywords, categories, roles and brands share one cell each, separated by this. */
export const TEMPLATE_LIST_SEPARATOR = ';';
/** An import's source file, preview and result are kept this long, then cleaned up. */
export const IMPORT_EXPIRY_DAYS = 7;
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const IMPORT_KINDS = ['assets', 'users'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_STATES = [
  'previewing',
  'ready',
  'scheduled',
  'applying',
  'applied',
  'cancelled',
  'failed',
  'expired',
] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
export const ROW_OUTCOMES = ['change', 'refused', 'unchanged'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];
export const ROW_RESULTS = ['applied', 'refused', 'unchanged'] as const;
export type RowResult = (typeof ROW_RESULTS)[number];

/**
 * Why a row is refused, in each language: the preview, the result sheet and the e-mail say the
 * same. `{field}` names the column, `{value}` the value.
 */
export const ROW_REFUSALS = {
  unknownId: { en: 'No such asset or user, or not one you may change', es: 'No existe o no puedes cambiarlo' },
  otherBrand: { en: 'Belongs to another brand than the template', es: 'Pertenece a otra marca que la plantilla' },
  nameExtension: {
    en: 'The name must keep the file extension (.{value})',
    es: 'El nombre debe conservar la extensión del archivo (.{value})',
  },
  nameLocked: { en: 'The name is locked', es: 'El nombre está bloqueado' },
  notInList: {
    en: '{field}: "{value}" is not one of the allowed values',
    es: '{field}: "{value}" no es un valor permitido',
  },
  invalid: { en: '{field}: the value is not valid', es: '{field}: el valor no es válido' },
  tooLong: { en: '{field}: the value is too long', es: '{field}: el valor es demasiado largo' },
  conflict: {
    en: 'Changed by someone else since the export: export a new template',
    es: 'Otra persona lo cambió tras la exportación: exporta una plantilla nueva',
  },
  duplicate: { en: 'The same id is on an earlier row', es: 'El mismo id está en una fila anterior' },
  notExported: {
    en: 'This id was not in the exported template',
    es: 'Este id no estaba en la plantilla exportada',
  },
  noRight: { en: 'You may not change this', es: 'No puedes cambiar esto' },
  grant: { en: '{field}: includes something you cannot grant', es: '{field}: incluye algo que no puedes conceder' },
  own: {
    en: '{field} of your own account can only be changed by an administrator',
    es: '{field} de tu propia cuenta solo lo puede cambiar un administrador',
  },
  unknownValue: { en: '{field}: "{value}" does not exist', es: '{field}: "{value}" no existe' },
} as const;
export type RowRefusal = keyof typeof ROW_REFUSALS;
export const ROW_REFUSAL_CODES = Object.keys(ROW_REFUSALS) as [RowRefusal, ...RowRefusal[]];

/** A refusal's text in a language, with its column and value filled in. */
export function refusalText(code: RowRefusal, lang: 'en' | 'es', vars: { field?: string; value?: string } = {}) {
  return ROW_REFUSALS[code][lang].replace(/\{(field|value)\}/g, (_, k: 'field' | 'value') => vars[k] ?? '');
}

/**
 * The assets of a template (§1): chosen assets, chosen folders (with their subfolders unless
 * `recursive` is false) and a search result (the searcher's filters under a folder), together.
 */
export const AssetTemplateRequest = z
  .strictObject({
    asset_ids: z.array(IdNumber).max(TEMPLATE_MAX_ROWS).default([]),
    folder_ids: z.array(IdNumber).max(100).default([]),
    recursive: z.boolean().default(true),
    search: z.strictObject({ folder_id: IdNumber, filters: AssetSearchBody }).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.asset_ids.length === 0 && b.folder_ids.length === 0 && !b.search)
      ctx.addIssue({ code: 'custom', path: ['asset_ids'], params: { key: 'templateEmpty' }, input: b.asset_ids });
  });
export type AssetTemplateRequest = z.input<typeof AssetTemplateRequest>;

/** The users report (§7 `GET ops/report/get/users/all`): the users list's filters, no paging. */
export const UserReportQuery = z.object({
  search: text().trim().max(255).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'PENDING']).optional(),
  role: RoleNameSchema.optional(),
  brand: Id.optional(),
});
export type UserReportQuery = z.input<typeof UserReportQuery>;
export const UserTemplateRequest = z.strictObject(UserReportQuery.shape);

/** The audit log's current filter (§7 `ops/report/get/audit/template`). */
export const AuditReportRequest = AuditQuery;

/** A report produced by a job and sent by e-mail. */
export const ReportQueued = z.object({ job_id: z.number().int() });

/** A template upload (§3: form field `template`); nothing else. */
export const TemplateUploadBody = z.strictObject({});

export const ImportCounts = z.object({
  rows: z.number().int(),
  change: z.number().int(),
  refused: z.number().int(),
  unchanged: z.number().int(),
});
export const ImportResultCounts = z.object({
  applied: z.number().int(),
  refused: z.number().int(),
  unchanged: z.number().int(),
});

export const TemplateImport = z.object({
  id: z.number().int(),
  kind: z.enum(IMPORT_KINDS),
  /** The uploaded file's name. */
  name: z.string(),
  state: z.enum(IMPORT_STATES),
  job_id: z.number().int().nullable(),
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  counts: ImportCounts.nullable(),
  result: ImportResultCounts.nullable(),
  /** When a scheduled apply runs. */
  run_at: Timestamp.nullable(),
  error: z.string().nullable(),
  created_at: Timestamp,
  previewed_at: Timestamp.nullable(),
  applied_at: Timestamp.nullable(),
  expires_at: Timestamp,
  /** The result sheet can be fetched (`importResult`). */
  has_result: z.boolean(),
  /** Brand field columns of the sheet the brand does not have: reported, and ignored (issue 39 §3). */
  ignored_columns: z.array(z.string()),
});
export type TemplateImport = z.infer<typeof TemplateImport>;

export const ImportQueued = z.object({ import: TemplateImport, job_id: z.number().int() });
export type ImportQueued = z.infer<typeof ImportQueued>;

export const RowChange = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type RowChange = z.infer<typeof RowChange>;

export const ImportRow = z.object({
  /** The row's number in the sheet (the header is row 1). */
  row: z.number().int(),
  target_id: z.number().int().nullable(),
  /** The asset's name or the user's e-mail, as they are now. */
  label: z.string().nullable(),
  outcome: z.enum(ROW_OUTCOMES),
  changes: z.array(RowChange),
  reason: z.string().nullable(),
  result: z.enum(ROW_RESULTS).nullable(),
  result_reason: z.string().nullable(),
});
export type ImportRow = z.infer<typeof ImportRow>;

export const ImportParams = z.object({ id: Id });
export const ImportListQuery = PageQuery.extend({ per_page: QueryInt(1, 100).default(20) });
export const ImportList = paginated(TemplateImport);
export const ImportRowsQuery = PageQuery.extend({
  per_page: QueryInt(1, 200).default(50),
  outcome: z.enum(ROW_OUTCOMES).optional(),
});
export const ImportRows = paginated(ImportRow);
export type ImportRows = z.infer<typeof ImportRows>;

/** Applies the preview now, or at `run_at` (at most IMPORT_SCHEDULE_MAX_DAYS ahead). */
export const ImportApplyBody = z.strictObject({ run_at: z.iso.datetime({ offset: true }).optional() }).optional();
export type ImportApplyBody = z.input<typeof ImportApplyBody>;
export const ImportResponse = z.object({ import: TemplateImport });
