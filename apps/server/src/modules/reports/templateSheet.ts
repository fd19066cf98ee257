import { createHash } from 'node:crypto';
import type { Lang, RowChange, RowRefusal } from '@brandvault/contract';
import { TEMPLATE_LIST_SEPARATOR } from '@brandvault/contract';
import type { SheetColumn } from './xlsx/writer.js';

/** A column of a template: its key, its header in each language, and how the sheet shows it. */
export interface TemplateColumn {
  key: string;
  en: string;
  es: string;
  width: number;
  readOnly?: boolean;
  hidden?: boolean;
  list?: string;
  /** Lists of values in one cell. */
  multi?: boolean;
}

const PROMPT = {
  en: `Separate values with "${TEMPLATE_LIST_SEPARATOR}"`,
  es: `Separa los valores con "${TEMPLATE_LIST_SEPARATOR}"`,
};
export const LIST_ERROR = {
  en: { title: 'Not allowed', message: 'Choose one of the values of the list.' },
  es: { title: 'No permitido', message: 'Elige uno de los valores de la lista.' },
};

export const sheetColumns = (cols: readonly TemplateColumn[], lang: Lang): SheetColumn[] =>
  cols.map((c) => ({
    key: c.key,
    header: c[lang],
    width: c.width,
    readOnly: c.readOnly,
    hidden: c.hidden,
    list: c.list,
    prompt: c.multi ? PROMPT[lang] : undefined,
  }));

/** Where each column is in a read sheet, by its header in either language or its key. */
export function headerIndex(cols: readonly TemplateColumn[], header: readonly string[]): Map<string, number> {
  const byText = new Map<string, string>();
  for (const c of cols) for (const t of [c.key, c.en, c.es]) byText.set(t.trim().toLowerCase(), c.key);
  const out = new Map<string, number>();
  header.forEach((h, i) => {
    // A brand field's header is matched by the `[key]` it ends with, whatever its label says now.
    const bracket = /\[([^\]]+)\]\s*$/.exec(h.trim())?.[1]?.trim().toLowerCase();
    const field = bracket !== undefined ? byText.get(`field:${bracket}`) : undefined;
    const key = field ?? byText.get(h.trim().toLowerCase());
    if (key && !out.has(key)) out.set(key, i);
  });
  return out;
}

/** A cell with several values: split on the separator, trimmed, empties and repeats dropped. */
export const splitList = (v: string) => [
  ...new Set(
    v
      .split(TEMPLATE_LIST_SEPARATOR)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
export const joinList = (v: readonly string[]) => v.join(`${TEMPLATE_LIST_SEPARATOR} `);

/** The version of a row's editable values: what the Meta sheet records and a re-import compares. */
export const fingerprint = (values: unknown) =>
  createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 20);

/** What fills a refusal's text; a brand field names itself (`field`, `field_es`), not a column key. */
export type RefusalVars = { field?: string; field_es?: string; value?: string };

/** A refused row, with its reason and what fills the reason's text. */
export class RowRefused extends Error {
  constructor(
    readonly reason: RowRefusal,
    readonly vars: RefusalVars = {},
  ) {
    super(reason);
  }
}

/** A row's outcome in the preview, as the import's rows table keeps it. */
export interface Evaluated {
  target_id: number | null;
  label: string | null;
  outcome: 'change' | 'refused' | 'unchanged';
  changes: RowChange[];
  patch: Record<string, unknown> | null;
  version: string | null;
  reason: RowRefusal | null;
  reason_vars: RefusalVars | null;
}

export const refused = (target: number | null, label: string | null, e: RowRefused): Evaluated => ({
  target_id: target,
  label,
  outcome: 'refused',
  changes: [],
  patch: null,
  version: null,
  reason: e.reason,
  reason_vars: e.vars,
});

/** The fields whose display value differs, as {field, before, after}. */
export function diff<K extends string>(
  keys: readonly K[],
  before: Record<K, string>,
  after: Partial<Record<K, string>>,
): RowChange[] {
  return keys.flatMap((k) =>
    after[k] !== undefined && after[k] !== before[k] ? [{ field: k, before: before[k], after: after[k]! }] : [],
  );
}
