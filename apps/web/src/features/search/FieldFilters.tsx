import { useState } from 'react';
import { Checkbox, Group, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FieldFilter, MetadataField, SearchFacets } from '@brandvault/contract';
import { formatNumber } from '../../i18n/format';
import { DateField } from '../../ui/DateField';
import { useVocabularyOptions } from './api';
import { withField } from './fieldState';
import type { SearchState } from './searchState';

type FieldFacets = NonNullable<SearchFacets['fields']>;
type Props = {
  fields: MetadataField[];
  facets: FieldFacets | undefined;
  state: SearchState;
  onChange: (next: SearchState) => void;
};

/** The label of a field or option in the interface's language. */
export const labelOf = (x: { label_en: string; label_es: string }, lang: string) =>
  lang.startsWith('es') ? x.label_es : x.label_en;

/** One section per filter field of the brand: options with counts, ranges, yes/no (issue 39 §3). */
export function FieldFilters({ fields, facets, state, onChange }: Props) {
  const shown = fields.filter((f) => f.is_filter && !['text', 'long_text', 'url'].includes(f.type));
  const set = (key: string, next: FieldFilter | undefined) =>
    onChange({ ...state, fields: withField(state.fields, key, next) });
  return (
    <>
      {shown.map((f) => (
        <FieldSection key={f.id} field={f} facet={facets?.[f.key]} value={state.fields[f.key]} set={set} />
      ))}
    </>
  );
}

function FieldSection({
  field,
  facet,
  value,
  set,
}: {
  field: MetadataField;
  facet: FieldFacets[string] | undefined;
  value: FieldFilter | undefined;
  set: (key: string, next: FieldFilter | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const label = labelOf(field, i18n.language);
  const legend = (
    <Text component="legend" size="sm" fw={600} mb={6}>
      {label}
    </Text>
  );
  let body;
  if (field.vocabulary_id !== null) body = <OptionChoices field={field} facet={facet} value={value} set={set} />;
  else if (field.type === 'number')
    body = (
      <Group gap={6} grow>
        <NumberInput
          size="xs"
          label={t('fieldSearch.min')}
          placeholder={facet?.min == null ? undefined : String(facet.min)}
          value={value?.min ?? ''}
          onChange={(v) => set(field.key, { ...value, min: typeof v === 'number' ? v : undefined })}
        />
        <NumberInput
          size="xs"
          label={t('fieldSearch.max')}
          placeholder={facet?.max == null ? undefined : String(facet.max)}
          value={value?.max ?? ''}
          onChange={(v) => set(field.key, { ...value, max: typeof v === 'number' ? v : undefined })}
        />
      </Group>
    );
  else if (field.type === 'date')
    body = (
      <Stack gap={6}>
        <DateField
          size="xs"
          label={t('search.dateFrom')}
          value={value?.from ?? ''}
          onChange={(v) => set(field.key, { ...value, from: v || undefined })}
        />
        <DateField
          size="xs"
          label={t('search.dateTo')}
          value={value?.to ?? ''}
          onChange={(v) => set(field.key, { ...value, to: v || undefined })}
        />
      </Stack>
    );
  else
    body = (
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label={label}
        value={value?.is === undefined ? 'any' : value.is ? 'yes' : 'no'}
        onChange={(v) => set(field.key, v === 'any' ? undefined : { is: v === 'yes' })}
        data={[
          { value: 'any', label: t('fieldSearch.any') },
          { value: 'yes', label: t('fieldSearch.yes') },
          { value: 'no', label: t('fieldSearch.no') },
        ]}
      />
    );
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} data-testid={`field-filter-${field.key}`}>
      {legend}
      {body}
    </fieldset>
  );
}

/** Options with their counts; a tree indented by depth; a box narrows long lists as one types. */
function OptionChoices({
  field,
  facet,
  value,
  set,
}: {
  field: MetadataField;
  facet: FieldFacets[string] | undefined;
  value: FieldFilter | undefined;
  set: (key: string, next: FieldFilter | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  const [find, setFind] = useState('');
  const options = useVocabularyOptions(field.vocabulary_id);
  if (options.isError)
    return (
      <Text size="xs" c="red">
        {t('fieldSearch.loadError')}
      </Text>
    );
  if (!options.data)
    return (
      <Text size="xs" c="dimmed">
        {t('common.loading')}
      </Text>
    );
  const counts = new Map((facet?.options ?? []).map((o) => [o.id, o.count]));
  const chosen = (value?.any ?? []).map(String);
  const needle = find.trim().toLowerCase();
  const items = options.data.items.filter(
    (o) => (counts.get(o.id) ?? 0) > 0 || chosen.includes(String(o.id)) || (!facet && !o.retired),
  );
  const listed = needle ? items.filter((o) => labelOf(o, i18n.language).toLowerCase().includes(needle)) : items;
  return (
    <Stack gap={6}>
      {items.length > 6 && (
        <TextInput
          size="xs"
          aria-label={t('fieldSearch.find', { label: labelOf(field, i18n.language) })}
          placeholder={t('fieldSearch.findPlaceholder')}
          value={find}
          onChange={(e) => setFind(e.currentTarget.value)}
        />
      )}
      {items.length === 0 && (
        <Text size="xs" c="dimmed">
          {t('fieldSearch.none')}
        </Text>
      )}
      <Checkbox.Group
        aria-label={labelOf(field, i18n.language)}
        value={chosen}
        onChange={(next) => set(field.key, { any: next.map(Number) })}
      >
        <Stack gap={6}>
          {listed.map((o) => (
            <Checkbox
              key={o.id}
              size="xs"
              value={String(o.id)}
              style={{ paddingLeft: field.type === 'tree' ? o.depth * 14 : 0 }}
              // The label takes the row's width, so a long option ends in an ellipsis beside its count.
              styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1, minWidth: 0 } }}
              label={
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text size="sm" truncate title={labelOf(o, i18n.language)}>
                    {labelOf(o, i18n.language)}
                  </Text>
                  {(counts.get(o.id) ?? 0) > 0 && (
                    <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                      {formatNumber(counts.get(o.id)!)}
                    </Text>
                  )}
                </Group>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
    </Stack>
  );
}
