import { TREE_PATH_SEPARATOR } from '@brandvault/contract';
import type { Lang, PrintedField } from '@brandvault/contract';
import type { Repos } from '../../deps/repos.js';
import { fieldLabelIn } from './metadata.view.js';
import type { OptionRow } from './options.repo.js';

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
  const fieldIds = new Set(fields.map((f) => f.id));
  const values = await repos.fieldValues.ofAssets(
    assets.map((a) => a.id),
    [...fieldIds],
  );
  // A tree option prints its ancestors too: every id on its path is fetched at once.
  const optionIds = new Set<number>();
  for (const v of values) if (v.option_id !== null) optionIds.add(v.option_id);
  const first = await repos.options.byIds([...optionIds]);
  const ancestors = first.flatMap((o) => o.path.split('/').filter(Boolean).map(Number));
  const options = new Map<number, OptionRow>(
    (await repos.options.byIds([...new Set(ancestors)].filter((id) => !optionIds.has(id))))
      .concat(first)
      .map((o) => [o.id, o]),
  );
  const labelOf = (o: OptionRow) => (lang === 'es' ? o.label_es : o.label_en);
  const optionText = (id: number) => {
    const o = options.get(id);
    if (!o) return '';
    return o.path
      .split('/')
      .filter(Boolean)
      .map((p) => options.get(Number(p)))
      .filter((p): p is OptionRow => p !== undefined)
      .map(labelOf)
      .join(` ${TREE_PATH_SEPARATOR} `);
  };
  for (const a of assets) {
    const mine = values.filter((v) => v.asset_id === a.id);
    for (const f of fields) {
      if (f.brand_id !== a.brand_id) continue;
      const held = mine.filter((v) => v.field_id === f.id);
      const texts = held
        .map((v) => {
          if (v.option_id !== null) return optionText(v.option_id);
          if (v.value_bool !== null) return YES_NO[lang][v.value_bool ? 0 : 1];
          if (v.value_number !== null) return String(Number(v.value_number));
          return v.value_date ?? v.value_text ?? '';
        })
        .filter((t) => t !== '')
        .sort((x, y) => (f.type === 'multi_select' ? x.localeCompare(y, lang) : 0));
      if (texts.length) out.get(a.id)!.push({ key: f.key, label: fieldLabelIn(lang, f), value: texts.join(', ') });
    }
  }
  return out;
}
