import { z } from 'zod';
import { LANGS, MAX_PER_PAGE, MENU_VALUES, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN, STATUSES } from '../constants.js';

export const Id = z.coerce.number().int().positive();
export const IdParams = z.object({ id: Id });

export const LangSchema = z.enum(LANGS);
export const StatusSchema = z.enum(STATUSES);
export const Timestamp = z.string();

export const Email = z
  .email()
  .max(255)
  .transform((e) => e.trim().toLowerCase());
export const PersonName = z.string().trim().min(1).max(NAME_MAX);
export const OptionalText = z.string().trim().max(255).nullish();
export const Password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const Named = z.object({ name: z.string() });

export const MenuItem = z.object({
  order: z.number().int().min(1).max(99),
  label: z.string().min(1).max(60),
  value: z.enum(MENU_VALUES),
});
export type MenuItem = z.infer<typeof MenuItem>;
export const MenuSettings = z.array(MenuItem).max(MENU_VALUES.length);

export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).optional(),
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
