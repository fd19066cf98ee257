// zod's browser settings before any schema here is made or used: the bundle drops the index
// (no side effects of its own), so the modules every schema starts from import it themselves.
import '../zodSetup.js';
import { z } from 'zod';
import { LANGS, MAX_PER_PAGE, MENU_VALUES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, STATUSES } from '../core/constants.js';

/* eslint-disable no-control-regex -- control characters are exactly what these patterns find */
/**
 * Characters no text field takes: C0 and C1 controls and DEL (PostgreSQL refuses NUL outright).
 * Multi-line fields keep tab, line feed and carriage return.
 */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/* eslint-enable no-control-regex */
const refused = { params: { key: 'control' } } as const;

/** A one-line text input: every request string goes through this or `multiline`. */
export const text = () => z.string().refine((v) => !CONTROL.test(v), refused);
/** A text input that may span lines (descriptions, comments). */
export const multiline = () => z.string().refine((v) => !CONTROL_MULTILINE.test(v), refused);

/** The largest id: every id column is a 32-bit integer on PostgreSQL. */
export const MAX_ID = 2_147_483_647;
/** An id in a JSON body. */
export const IdNumber = z.number().int().positive().max(MAX_ID);
/**
 * An id as JSON or as the canonical digits of a path or query (`0x10`, ` 1`, `1e3` and `01` are
 * not ids).
 */
export const Id = z.union([
  IdNumber,
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(IdNumber),
]);
/** A whole number from a query string, in canonical digits. */
export const QueryInt = (min: number, max: number) =>
  z
    .union([
      z.number().int(),
      z
        .string()
        .regex(/^(0|-?[1-9]\d{0,15})$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
export const IdParams = z.object({ id: Id });

export const LangSchema = z.enum(LANGS);
export const StatusSchema = z.enum(STATUSES);
export const Timestamp = z.string();

export const Email = z
  .email()
  .max(255)
  .transform((e) => e.trim().toLowerCase());
export const PersonName = text().trim().min(1).max(NAME_MAX);
export const OptionalText = text().trim().max(255).nullish();
export const Password = text().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const Named = z.object({ name: z.string() });

export const MenuItem = z.object({
  order: z.number().int().min(1).max(99),
  label: text().min(1).max(60),
  value: z.enum(MENU_VALUES),
});
export type MenuItem = z.infer<typeof MenuItem>;
export const MenuSettings = z.array(MenuItem).max(MENU_VALUES.length);

export const PageQuery = z.object({
  page: QueryInt(1, 100000).default(1),
  per_page: QueryInt(1, MAX_PER_PAGE).optional(),
});

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}

/** Refinement for `password_confirmation`: the issue carries the field-message key. */
export function confirmPassword<T extends { password: string; password_confirmation: string }>(
  v: T,
  ctx: z.RefinementCtx,
) {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], params: { key: 'confirm' } });
  }
}

export const Ok = z.object({ message: z.string() });

/** Every error answer (§8): the OpenAPI document names it. */
export const ErrorBody = z.object({
  error: z.object({
    status: z.number().int(),
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
