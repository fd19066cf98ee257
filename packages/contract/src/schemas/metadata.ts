import { z } from 'zod';
import { ASSET_TYPES } from './assets.js';
import { SLUG_PATTERN } from './brands.js';
import { Id, IdNumber, multiline, text } from './common.js';

/**
 * A brand's own metadata (issue 39 §1, §2): typed fields, and the vocabularies (flat lists or
 * trees of options) that select, multi select and tree fields take their values from.
 */
export const FIELD_TYPES = [
  'text',
  'long_text',
  'number',
  'date',
  'boolean',
  'url',
  'select',
  'multi_select',
  'tree',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** The types whose values are options of a vocabulary. */
export const OPTION_FIELD_TYPES: readonly FieldType[] = ['select', 'multi_select', 'tree'];
export const VOCABULARY_KINDS = ['list', 'tree'] as const;
export type VocabularyKind = (typeof VOCABULARY_KINDS)[number];

export const FIELD_LABEL_MAX = 80;
export const FIELD_HELP_MAX = 500;
export const OPTION_LABEL_MAX = 120;
export const FIELD_TEXT_MAX = 1000;
export const FIELD_LONG_TEXT_MAX = 20000;
/** The separator of a tree path in imports and templates: `Region › Europe › Spain`. */
export const TREE_PATH_SEPARATOR = '›';
export const IMPORT_TEXT_MAX = 200_000;

export const MetadataField = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  key: z.string(),
  type: z.enum(FIELD_TYPES),
  label_en: z.string(),
  label_es: z.string(),
  help_en: z.string(),
  help_es: z.string(),
  required: z.boolean(),
  asset_types: z.array(z.enum(ASSET_TYPES)),
  on_share: z.boolean(),
  on_pdf: z.boolean(),
  is_filter: z.boolean(),
  position: z.number().int(),
  vocabulary_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MetadataField = z.infer<typeof MetadataField>;

export const MetadataFieldList = z.object({
  items: z.array(MetadataField),
  abilities: z.object({ manage: z.boolean() }),
});
export type MetadataFieldList = z.infer<typeof MetadataFieldList>;

const Label = text().trim().min(1).max(FIELD_LABEL_MAX);
const Help = multiline().trim().max(FIELD_HELP_MAX);
const FieldKey = text().trim().min(1).max(64).regex(SLUG_PATTERN);
const AssetTypes = z.array(z.enum(ASSET_TYPES)).min(1).max(ASSET_TYPES.length);

const fieldShape = {
  key: FieldKey,
  type: z.enum(FIELD_TYPES),
  label_en: Label,
  label_es: Label,
  help_en: Help,
  help_es: Help,
  required: z.boolean(),
  asset_types: AssetTypes,
  on_share: z.boolean(),
  on_pdf: z.boolean(),
  is_filter: z.boolean(),
  vocabulary_id: Id.nullable(),
};

/** A new field; option fields (select, multi select, tree) name their vocabulary. */
export const MetadataFieldBody = z
  .strictObject({
    ...fieldShape,
    help_en: Help.default(''),
    help_es: Help.default(''),
    required: z.boolean().default(false),
    asset_types: AssetTypes.default([...ASSET_TYPES]),
    on_share: z.boolean().default(false),
    on_pdf: z.boolean().default(false),
    is_filter: z.boolean().default(false),
    vocabulary_id: Id.nullable().default(null),
  })
  .superRefine((b, ctx) => {
    if (OPTION_FIELD_TYPES.includes(b.type) && b.vocabulary_id === null)
      ctx.addIssue({ code: 'custom', path: ['vocabulary_id'], params: { key: 'required' }, input: null });
  });
export type MetadataFieldBody = z.input<typeof MetadataFieldBody>;

/** What changes; the key and labels may be renamed (values stay), the type only while none is held. */
export const MetadataFieldUpdate = z.strictObject(fieldShape).partial();
export type MetadataFieldUpdate = z.input<typeof MetadataFieldUpdate>;

/** The brand's fields in their new order (every one of them, once). */
export const IdsBody = z.strictObject({ ids: z.array(Id).min(1).max(1000) });
export type IdsBody = z.input<typeof IdsBody>;

export const ConfirmQuery = z.object({ confirm: z.enum(['true', 'false']).optional() });

/**
 * The vocabularies every brand has behind an asset's own fields (issue 39 §3): its themes
 * (`categories`) and its visual language (`language`), named so when the brand is made.
 */
export const SYSTEM_VOCABULARY_KEYS = ['themes', 'language', 'channels'] as const;
export type SystemVocabularyKey = (typeof SYSTEM_VOCABULARY_KEYS)[number];
export const SYSTEM_VOCABULARIES: Record<SystemVocabularyKey, { name: string; label_en: string; label_es: string }> = {
  themes: { name: 'Themes', label_en: 'Themes', label_es: 'Temas' },
  language: { name: 'Visual language', label_en: 'Visual language', label_es: 'Lenguaje visual' },
  /** The channels licences and consents allow (issue 40 §1). */
  channels: { name: 'Channels', label_en: 'Channels', label_es: 'Canales' },
};

export const Vocabulary = z.object({
  id: z.number().int(),
  brand_id: z.number().int(),
  name: z.string(),
  kind: z.enum(VOCABULARY_KINDS),
  /** Set on the brand's themes and visual language vocabularies, which cannot be deleted. */
  system: z.enum(SYSTEM_VOCABULARY_KEYS).nullable(),
  option_count: z.number().int(),
  field_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vocabulary = z.infer<typeof Vocabulary>;
export const VocabularyList = z.object({
  items: z.array(Vocabulary),
  abilities: z.object({ manage: z.boolean() }),
});
export type VocabularyList = z.infer<typeof VocabularyList>;

const VocabularyName = text().trim().min(1).max(FIELD_LABEL_MAX);
export const VocabularyBody = z.strictObject({ name: VocabularyName, kind: z.enum(VOCABULARY_KINDS) });
export type VocabularyBody = z.input<typeof VocabularyBody>;
export const VocabularyRename = z.strictObject({ name: VocabularyName });
export type VocabularyRename = z.input<typeof VocabularyRename>;

export const VocabularyOption = z.object({
  id: z.number().int(),
  vocabulary_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  label_en: z.string(),
  label_es: z.string(),
  position: z.number().int(),
  depth: z.number().int(),
  retired: z.boolean(),
  /** How many assets hold this option (as a value, not through a descendant). */
  asset_count: z.number().int(),
});
export type VocabularyOption = z.infer<typeof VocabularyOption>;
/** Options in tree order: each parent before its children, siblings by position. */
export const VocabularyOptionList = z.object({ vocabulary: Vocabulary, items: z.array(VocabularyOption) });
export type VocabularyOptionList = z.infer<typeof VocabularyOptionList>;

const OptionLabel = text().trim().min(1).max(OPTION_LABEL_MAX);
/** A new option; `label_es` defaults to the English one; `parent_id` only in a tree. */
export const OptionBody = z.strictObject({
  label_en: OptionLabel,
  label_es: OptionLabel.optional(),
  parent_id: Id.nullable().default(null),
});
export type OptionBody = z.input<typeof OptionBody>;
export const OptionRename = z
  .strictObject({ label_en: OptionLabel, label_es: OptionLabel })
  .partial()
  .refine((b) => b.label_en !== undefined || b.label_es !== undefined, {
    path: ['label_en'],
    params: { key: 'required' },
  });
export type OptionRename = z.input<typeof OptionRename>;
/** Where an option goes: under `parent_id` (null: the top), at `position` among its new siblings. */
export const OptionMove = z.strictObject({ parent_id: Id.nullable(), position: z.number().int().min(0).max(100000) });
export type OptionMove = z.input<typeof OptionMove>;
export const OptionMerge = z.strictObject({ into: Id });
export type OptionMerge = z.input<typeof OptionMerge>;
export const OptionRetire = z.strictObject({ retired: z.boolean() });
export type OptionRetire = z.input<typeof OptionRetire>;

/** Pasted text: one option a line; in a tree, `A › B › C` paths or lines indented under their parent. */
/** Pasted text, or (a multipart form) an xlsx in the file field `sheet` and no text. */
export const OptionImport = z.strictObject({ text: multiline().max(IMPORT_TEXT_MAX).optional() });
export type OptionImport = z.input<typeof OptionImport>;
/** The largest sheet of options an import reads: a template's limit, so its 422 message fits. */
export const OPTION_SHEET_MAX_BYTES = 10 * 1024 * 1024;
/** Why a sheet's row added nothing: empty, a gap between levels, or a label over OPTION_LABEL_MAX. */
export const OPTION_SKIP_REASONS = ['blank', 'gap', 'tooLong'] as const;
export const OptionImportResult = z.object({
  added: z.number().int(),
  kept: z.number().int(),
  /** Rows of a sheet left out, by row number (at most the first 100). */
  skipped: z
    .array(z.object({ row: z.number().int(), reason: z.enum(OPTION_SKIP_REASONS) }))
    .max(100)
    .default([]),
});
export type OptionImportResult = z.infer<typeof OptionImportResult>;

/**
 * One field's value on an asset: text, long text, url and date (YYYY-MM-DD) are strings, number a
 * number, boolean a boolean, select and tree an option id, multi select a list of option ids;
 * null (or an empty list) is no value.
 */
export const FieldValue = z.union([
  z.string().max(FIELD_LONG_TEXT_MAX),
  z.number(),
  z.boolean(),
  z.array(IdNumber).max(500),
  z.null(),
]);
export type FieldValue = z.infer<typeof FieldValue>;

/** The values of the brand's fields on one asset, by field key. */
export const AssetFieldValues = z.object({
  asset_id: z.number().int(),
  values: z.record(z.string(), FieldValue),
  abilities: z.object({ update: z.boolean() }),
});
export type AssetFieldValues = z.infer<typeof AssetFieldValues>;
/** Every value at once: a field left out (or null) is cleared. */
export const AssetFieldValuesBody = z.strictObject({
  values: z.record(z.string().max(64), FieldValue).refine((v) => Object.keys(v).length <= 200),
});
export type AssetFieldValuesBody = z.input<typeof AssetFieldValuesBody>;

/**
 * A field's value as text for a reader (a share link's holder, a PDF): its label in the reader's
 * language, options by their label, tree options by their path (`A › B › C`), lists joined.
 */
export const PrintedField = z.object({ key: z.string(), label: z.string(), value: z.string() });
export type PrintedField = z.infer<typeof PrintedField>;

/** The brand's most used keywords that start with `prefix` (the keyword input's type-ahead). */
export const KeywordSuggestQuery = z.object({ prefix: text().trim().max(100).default('') });
export const KeywordSuggestions = z.object({
  items: z.array(z.object({ value: z.string(), count: z.number().int() })),
});
export type KeywordSuggestions = z.infer<typeof KeywordSuggestions>;
