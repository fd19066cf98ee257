import type { Lang, PrintedField } from '@brandvault/contract';
import type { Repos } from '../../deps/repos.js';
import { fieldDisplays } from './fieldDisplay.js';
import { fieldLabelIn } from './metadata.view.js';

const YES_NO = { en: ['Yes', 'No'], es: ['Sí', 'No'] } as const;

/**
 * The values of the fields marked for `flag` (a share page, a PDF) that each asset holds, as text
 * in `lang`, by asset id; fields not marked are never read, so they cannot reach the reader.
 */
export async function printedFields(
  repos: Pick<Repos, 'metadata' | 'fieldValues' | 'options'>,
  assets: readonly { id: number; brand_id: number }[],
  lang: Lang,
  flag: 'on_share' | 'on_pdf',
): Promise<Map<number, PrintedField[]>> {
  const out = new Map<number, PrintedField[]>(assets.map((a) => [a.id, []]));
  const fields = await repos.metadata.flaggedFieldsOf([...new Set(assets.map((a) => a.brand_id))], flag);
  if (!fields.length) return out;
  const shown = await fieldDisplays(
    repos,
    assets.map((a) => a.id),
    fields,
    lang,
  );
  for (const a of assets)
    for (const f of fields) {
      const v = f.brand_id === a.brand_id ? shown.get(a.id)?.get(f.id) : undefined;
      if (v === undefined || v === '') continue;
      const value = typeof v === 'boolean' ? YES_NO[lang][v ? 0 : 1] : String(v);
      out.get(a.id)!.push({ key: f.key, label: fieldLabelIn(lang, f), value });
    }
  return out;
}
