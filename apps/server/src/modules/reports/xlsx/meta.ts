import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ImportKind } from '@brandvault/contract';

/** What the hidden Meta sheet records of an export, so a re-import knows what was exported and when. */
export interface TemplateMeta {
  kind: ImportKind;
  /** The brand of an asset template; null for users. */
  brandId: number | null;
  exportedAt: string;
  exportedBy: number;
  /** Per row id, the version of its editable values at the export. */
  versions: Map<number, string>;
}

export const META_SHEET = 'Meta';
export const LISTS_SHEET = 'Lists';
const MAGIC = 'brandvault-template';
const FORMAT = '1';

function signature(appKey: string, m: TemplateMeta): string {
  const h = createHmac('sha256', appKey);
  h.update(`${MAGIC} ${FORMAT}\n${m.kind}\n${m.brandId ?? ''}\n${m.exportedAt}\n${m.exportedBy}\n`);
  for (const [id, v] of m.versions) h.update(`${id}:${v}\n`);
  return h.digest('hex');
}

/** The Meta sheet's rows: the fields, the signature, then one row per id and version. */
export function metaRows(appKey: string, m: TemplateMeta): (string | number)[][] {
  return [
    [MAGIC, FORMAT],
    ['kind', m.kind],
    ['brand_id', m.brandId ?? ''],
    ['exported_at', m.exportedAt],
    ['exported_by', m.exportedBy],
    ['signature', signature(appKey, m)],
    ['id', 'version'],
    ...[...m.versions].map(([id, v]) => [id, v]),
  ];
}

/** The meta of a read Meta sheet, or null when it is missing, altered or of another format. */
export function readMeta(appKey: string, rows: string[][]): TemplateMeta | null {
  const field = (i: number, name: string) => (rows[i]?.[0] === name ? (rows[i]?.[1] ?? '') : null);
  if (rows[0]?.[0] !== MAGIC || rows[0]?.[1] !== FORMAT) return null;
  const kind = field(1, 'kind');
  const brand = field(2, 'brand_id');
  const exportedAt = field(3, 'exported_at');
  const exportedBy = Number(field(4, 'exported_by'));
  const sig = field(5, 'signature');
  if ((kind !== 'assets' && kind !== 'users') || brand === null || !exportedAt || !sig) return null;
  const versions = new Map<number, string>();
  for (const r of rows.slice(7)) {
    const id = Number(r[0]);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    versions.set(id, r[1] ?? '');
  }
  const m: TemplateMeta = {
    kind,
    brandId: brand === '' ? null : Number(brand),
    exportedAt,
    exportedBy,
    versions,
  };
  const want = Buffer.from(signature(appKey, m), 'hex');
  const got = Buffer.from(sig, 'hex');
  return got.length === want.length && timingSafeEqual(got, want) ? m : null;
}
