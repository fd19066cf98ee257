import { TREE_PATH_SEPARATOR } from '@brandvault/contract';
import type { ColumnValue, Lang } from '@brandvault/contract';
import type { Repos } from '../../deps/repos.js';
import type { FieldRow } from './metadata.repo.js';
import type { OptionRow } from './options.repo.js';

/**
 * The values `fields` hold on `assetIds` as a reader sees them, by asset id then field id: option
 * ids become their labels in `lang` (a tree option its path `A › B › C`, a multi select's labels
 * sorted and joined with ", "); numbers, booleans, dates and text stay typed, so each caller
 * formats them its own way (a PDF as text, the web by the reader's locale). One read of the values
 * and two of options, however many assets: list pages and share pages share it.
 */
export async function fieldDisplays(
  repos: Pick<Repos, 'fieldValues' | 'options'>,
  assetIds: readonly number[],
  fields: readonly FieldRow[],
  lang: Lang,
): Promise<Map<number, Map<number, ColumnValue>>> {
  const out = new Map<number, Map<number, ColumnValue>>(assetIds.map((id) => [id, new Map()]));
  if (!fields.length || !assetIds.length) return out;
  const values = await repos.fieldValues.ofAssets(
    assetIds,
    fields.map((f) => f.id),
  );
  // A tree option shows its ancestors too: every id on its path is fetched at once.
  const optionIds = new Set<number>();
  for (const v of values) if (v.option_id !== null) optionIds.add(v.option_id);
  const first = await repos.options.byIds([...optionIds]);
  const ancestors = first.flatMap((o) => o.path.split('/').filter(Boolean).map(Number));
  const options = new Map<number, OptionRow>(
    (await repos.options.byIds([...new Set(ancestors)].filter((id) => !optionIds.has(id))))
      .concat(first)
      .map((o) => [o.id, o]),
  );
  const labelOf = (o: OptionRow) => (lang === 'es' ? o.label_es : o.label_en) || o.label_en;
  const optionText = (id: number) =>
    (options.get(id)?.path ?? '')
      .split('/')
      .filter(Boolean)
      .map((p) => options.get(Number(p)))
      .filter((p): p is OptionRow => p !== undefined)
      .map(labelOf)
      .join(` ${TREE_PATH_SEPARATOR} `);
  const typeOf = new Map(fields.map((f) => [f.id, f.type]));
  const labels = new Map<string, string[]>();
  for (const v of values) {
    const mine = out.get(v.asset_id);
    if (!mine) continue;
    if (v.option_id !== null) {
      const text = optionText(v.option_id);
      const key = `${v.asset_id} ${v.field_id}`;
      if (text) labels.set(key, [...(labels.get(key) ?? []), text]);
    } else if (v.value_bool !== null) mine.set(v.field_id, !!v.value_bool);
    else if (v.value_number !== null) mine.set(v.field_id, Number(v.value_number));
    else if (v.value_date ?? v.value_text) mine.set(v.field_id, (v.value_date ?? v.value_text)!);
  }
  for (const [key, texts] of labels) {
    const [assetId, fieldId] = key.split(' ').map(Number) as [number, number];
    if (typeOf.get(fieldId) === 'multi_select') texts.sort((x, y) => x.localeCompare(y, lang));
    out.get(assetId)!.set(fieldId, texts.join(', '));
  }
  return out;
}
