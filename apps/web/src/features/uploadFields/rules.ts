import type { AssetType, FieldValue, MetadataField } from '@brandvault/contract';

export type Values = Record<string, FieldValue>;

/** The brand fields of an upload round: one set for every file, or each file its own. */
export interface RoundFields {
  applyAll: boolean;
  all: Values;
  perFile: Record<string, Values>;
}
export const emptyRound: RoundFields = { applyAll: true, all: {}, perFile: {} };

/** The values a file of the round is sent with. */
// A file not edited on its own keeps the values typed for all.
export const valuesFor = (r: RoundFields, fileId: string): Values =>
  r.applyAll ? r.all : (r.perFile[fileId] ?? r.all);

/** The type the server will most likely give a file (its bytes decide): for asking the right fields. */
export function guessType(mime: string | undefined): AssetType {
  if (!mime) return 'other';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf' || mime.startsWith('text/') || mime.includes('officedocument')) return 'document';
  return 'other';
}

const empty = (v: FieldValue | undefined) =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);

/** Required fields left empty for a file of this type. */
export const missingFor = (fields: readonly MetadataField[], values: Values, type: AssetType) =>
  fields.filter((f) => f.required && f.asset_types.includes(type) && empty(values[f.key]));

/** Values with empty ones left out (nothing to send). */
export const filled = (values: Values): Values =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => !empty(v)));
