import { AssetEditBody, Keyword, VISIBILITIES, text } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import { parseList } from '../assets/assets.view.js';
import { cleanFileName } from '../assets/fileName.js';
import type { TemplateAsset } from './assetTemplate.repo.js';
import { RowRefused, diff, fingerprint, joinList, refused, splitList } from './templateSheet.js';
import type { Evaluated, TemplateColumn } from './templateSheet.js';
import type { TemplateMeta } from './xlsx/meta.js';
import type { FieldCatalog } from './assetTemplate.fields.js';
import type { ValueRow } from '../metadata/values.repo.js';

/** The key of a row's patch that holds its brand field values, by field key. */
export const FIELDS_PATCH = '$fields';
import type { Cell } from './xlsx/writer.js';

/** The asset template's columns (§1): a hidden id, read-only facts, then what an import edits. */
export const ASSET_COLUMNS: readonly TemplateColumn[] = [
  { key: 'id', en: 'ID', es: 'ID', width: 8, hidden: true },
  { key: 'path', en: 'Path', es: 'Ruta', width: 32, readOnly: true },
  { key: 'type', en: 'Type', es: 'Tipo', width: 10, readOnly: true },
  { key: 'size', en: 'Size (bytes)', es: 'Tamaño (bytes)', width: 14, readOnly: true },
  { key: 'dimensions', en: 'Dimensions', es: 'Dimensiones', width: 13, readOnly: true },
  { key: 'created', en: 'Created', es: 'Creado', width: 21, readOnly: true },
  { key: 'name', en: 'Name', es: 'Nombre', width: 32 },
  { key: 'description', en: 'Description', es: 'Descripción', width: 40 },
  { key: 'keywords', en: 'Keywords', es: 'Palabras clave', width: 32, multi: true },
  { key: 'categories', en: 'Categories', es: 'Categorías', width: 28, multi: true },
  { key: 'language', en: 'Visual language', es: 'Lenguaje visual', width: 18, list: 'language' },
  { key: 'visibility', en: 'Visibility', es: 'Visibilidad', width: 13, list: 'visibility' },
  { key: 'author', en: 'Author', es: 'Autor', width: 22 },
  // Usage rights (issue 40 §1): shown, not imported.
  { key: 'available_from', en: 'Available from', es: 'Disponible desde', width: 14, readOnly: true },
  { key: 'available_until', en: 'Available until', es: 'Disponible hasta', width: 14, readOnly: true },
  { key: 'licences', en: 'Licences', es: 'Licencias', width: 28, readOnly: true },
  { key: 'consents', en: 'Consents', es: 'Consentimientos', width: 28, readOnly: true },
];
export const ASSET_EDITABLE = [
  'name',
  'description',
  'keywords',
  'categories',
  'language',
  'visibility',
  'author',
] as const;
type Field = (typeof ASSET_EDITABLE)[number];

/** An asset's editable values as the sheet shows them (lists joined, nothing as ""). */
export function assetValues(a: TemplateAsset): Record<Field, string> {
  return {
    name: a.name,
    description: a.description ?? '',
    keywords: joinList(parseList(a.keywords)),
    categories: joinList(parseList(a.categories)),
    language: a.language ?? '',
    visibility: a.visibility,
    author: a.author ?? '',
  };
}
/** The version of a row; with brand fields, their texts (in English, whatever the reader's language) too. */
export const assetVersion = (a: TemplateAsset, fieldTexts?: Record<string, string>) =>
  fieldTexts && Object.keys(fieldTexts).length
    ? fingerprint([assetValues(a), fieldTexts])
    : fingerprint(assetValues(a));

/** The names of the licences and consents linked to an asset. */
export interface AssetRightsNames {
  licences: string[];
  consents: string[];
}

/** One row of the sheet for an asset. */
export function assetCells(
  a: TemplateAsset,
  path: string,
  rights: AssetRightsNames = { licences: [], consents: [] },
): Cell[] {
  const v = assetValues(a);
  return [
    a.id,
    path,
    a.type,
    Number(a.size),
    a.width && a.height ? `${a.width} × ${a.height}` : '',
    a.created_at.slice(0, 19).replace('T', ' '),
    v.name,
    v.description,
    v.keywords,
    v.categories,
    v.language,
    v.visibility,
    v.author,
    a.available_from ?? '',
    a.available_until ?? '',
    joinList(rights.licences),
    joinList(rights.consents),
  ];
}

const check = (
  field: Field,
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { code: string }[] } } },
  v: unknown,
) => {
  const r = schema.safeParse(v);
  if (!r.success) throw new RowRefused(r.error?.issues[0]?.code === 'too_big' ? 'tooLong' : 'invalid', { field });
};

/** A sheet row's editable values, checked with the contract's rules; throws RowRefused. */
function readValues(
  cell: (k: Field) => string | undefined,
  a: TemplateAsset,
  languages: Map<string, string>,
  themes: Map<string, string>,
) {
  const out: Partial<Record<Field, string>> = {};
  const raw = (k: Field) => cell(k);
  const name = raw('name');
  if (name !== undefined) {
    const cleaned = cleanFileName(name);
    if (!cleaned.ok)
      throw new RowRefused(cleaned.code === 'MISSING_NAME' ? 'nameExtension' : 'invalid', {
        field: 'name',
        value: a.ext,
      });
    check('name', AssetEditBody.shape.name, cleaned.name);
    if (!cleaned.name.toLowerCase().endsWith(`.${a.ext.toLowerCase()}`))
      throw new RowRefused('nameExtension', { field: 'name', value: a.ext });
    if (cleaned.name !== a.name && a.name_locked === 1) throw new RowRefused('nameLocked', { field: 'name' });
    out.name = cleaned.name;
  }
  const description = raw('description');
  if (description !== undefined) {
    check('description', AssetEditBody.shape.description, description);
    out.description = description.trim();
  }
  for (const [k, max] of [
    ['keywords', 100],
    ['categories', 50],
  ] as const) {
    const v = raw(k);
    if (v === undefined) continue;
    const list = splitList(v);
    if (list.length > max) throw new RowRefused('tooLong', { field: k });
    for (const item of list) check(k, Keyword, item);
    // Themes are the brand's options (issue 39 §3); keywords stay free.
    if (k === 'categories')
      for (const [i, item] of list.entries()) {
        const known = themes.get(item.toLowerCase());
        if (known === undefined) throw new RowRefused('notInList', { field: k, value: item });
        list[i] = known;
      }
    out[k] = joinList(list.filter((w, i) => list.indexOf(w) === i));
  }
  const language = raw('language')?.trim();
  if (language !== undefined) {
    const known = language === '' ? '' : languages.get(language.toLowerCase());
    if (known === undefined) throw new RowRefused('notInList', { field: 'language', value: language });
    out.language = known;
  }
  const visibility = raw('visibility')?.trim();
  if (visibility !== undefined) {
    const v = visibility.toUpperCase();
    if (!(VISIBILITIES as readonly string[]).includes(v))
      throw new RowRefused('notInList', { field: 'visibility', value: visibility });
    out.visibility = v;
  }
  const author = raw('author');
  if (author !== undefined) {
    check('author', text().trim().max(255), author);
    out.author = author.trim();
  }
  return out;
}

/** The columns to write for changed sheet values (lists as JSON, "" as null). */
export function assetPatch(values: Partial<Record<Field, string>>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [k, v] of Object.entries(values) as [Field, string][]) {
    if (k === 'keywords' || k === 'categories') out[k] = JSON.stringify(splitList(v));
    else if (k === 'name' || k === 'visibility') out[k] = v;
    else out[k] = v === '' ? null : v;
  }
  return out;
}

/** A row's brand fields: the brand's catalog, what the asset holds now, the import's language. */
export interface RowFields {
  catalog: FieldCatalog;
  held: readonly ValueRow[];
  lang: Lang;
}

export interface AssetRowContext {
  actor: Actor;
  meta: TemplateMeta;
  /** The brand's visual languages and themes, each label lower-cased (either language) to its option's label. */
  languages: Map<string, string>;
  themes: Map<string, string>;
  seen: Set<number>;
}

/**
 * One sheet row in the preview: refused (and why), unchanged, or what will change. The sheet's
 * values are compared with the asset as it is now; a change to an asset whose values moved since
 * the export (its version in the Meta sheet) is a conflict.
 */
export function evaluateAssetRow(
  c: AssetRowContext,
  id: number | null,
  cell: (k: Field) => string | undefined,
  a: TemplateAsset | undefined,
  fx?: RowFields,
): Evaluated {
  try {
    if (id === null || !a || !assetsPolicy.can(c.actor, 'view', a)) throw new RowRefused('unknownId');
    if (c.seen.has(id)) throw new RowRefused('duplicate');
    c.seen.add(id);
    if (a.brand_id !== c.meta.brandId) throw new RowRefused('otherBrand');
    if (!assetsPolicy.can(c.actor, 'update', a)) throw new RowRefused('noRight');
    const exported = c.meta.versions.get(id);
    if (exported === undefined) throw new RowRefused('notExported');
    const next = readValues(cell, a, c.languages, c.themes);
    const before = assetValues(a);
    const fieldsNow = fx?.catalog.texts(fx.held, fx.lang) ?? {};
    const fieldsNext = fx?.catalog.read(cell as (k: string) => string | undefined, a, fx.held, fx.lang);
    const changedKeys = Object.keys(fieldsNext?.texts ?? {}).filter((k) => fieldsNext!.texts[k] !== fieldsNow[k]);
    const labelOf = (k: string) => {
      const f = fx!.catalog.fields.find((x) => x.key === k)!;
      return fx!.lang === 'es' ? f.label_es : f.label_en;
    };
    const changes = [
      ...diff(ASSET_EDITABLE, before, next),
      ...changedKeys.map((k) => ({ field: labelOf(k), before: fieldsNow[k]!, after: fieldsNext!.texts[k]! })),
    ];
    if (!changes.length)
      return {
        target_id: id,
        label: a.name,
        outcome: 'unchanged',
        changes: [],
        patch: null,
        version: exported,
        reason: null,
        reason_vars: null,
      };
    const version = assetVersion(a, fx ? fx.catalog.texts(fx.held, 'en') : undefined);
    if (version !== exported) throw new RowRefused('conflict');
    const patch: Record<string, unknown> = Object.fromEntries(
      diff(ASSET_EDITABLE, before, next).map((ch) => [ch.field, ch.after]),
    );
    // The new values of the changed brand fields, written with the row (imports.apply.rows.ts).
    if (changedKeys.length)
      patch[FIELDS_PATCH] = Object.fromEntries(changedKeys.map((k) => [k, fieldsNext!.values[k]]));
    return {
      target_id: id,
      label: a.name,
      outcome: 'change',
      changes,
      patch,
      version: exported,
      reason: null,
      reason_vars: null,
    };
  } catch (err) {
    if (err instanceof RowRefused) return refused(id, a && assetsPolicy.can(c.actor, 'view', a) ? a.name : null, err);
    throw err;
  }
}
