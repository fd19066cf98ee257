import { FieldFilters } from '@brandvault/contract';
import type { FieldFilter } from '@brandvault/contract';

/** The metadata field conditions of a URL's `mf` parameter; a broken or edited one filters nothing. */
export function parseFieldFilters(raw: string | null): Record<string, FieldFilter> {
  if (!raw) return {};
  try {
    const r = FieldFilters.safeParse(JSON.parse(raw));
    return r.success ? r.data : {};
  } catch {
    return {};
  }
}

/** A field sort option, `f:<key>-asc` or `f:<key>-desc`, as the searcher's sort; null otherwise. */
export function parseFieldSort(option: string): { attribute: 'name'; mode: 'asc' | 'desc'; field: string } | null {
  const m = /^f:([a-z0-9-]{1,64})-(asc|desc)$/.exec(option);
  return m ? { attribute: 'name', mode: m[2] as 'asc' | 'desc', field: m[1]! } : null;
}

/** A field's condition with `next` in place of its own (undefined: the field's filter removed). */
export function withField(
  fields: Record<string, FieldFilter>,
  key: string,
  next: FieldFilter | undefined,
): Record<string, FieldFilter> {
  const { [key]: _old, ...rest } = fields;
  const empty = !next || Object.values(next).every((v) => v === undefined || (Array.isArray(v) && !v.length));
  return empty ? rest : { ...rest, [key]: next };
}
