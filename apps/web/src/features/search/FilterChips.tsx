import { Button, Group } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format';
import { LIST_FILTERS, filterCount } from './searchState';
import type { SearchState } from './searchState';
import type { MetadataField } from '@brandvault/contract';
import { useVocabularyOptionLists } from './api';
import { fieldChips } from './fieldChips';
import { withField } from './fieldState';
import { keyName } from '../labels/labelName';
import { usePersonLabel } from '../people/PersonFilter';

/** One removable chip per active filter, so what narrows the results is always in sight. */
export function FilterChips({
  state,
  onChange,
  onClearAll,
  brandFields,
}: {
  state: SearchState;
  onChange: (next: SearchState) => void;
  onClearAll: () => void;
  brandFields?: MetadataField[];
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language.startsWith('es') ? 'es' : 'en';
  const fieldOf = (key: string) => brandFields?.find((f) => f.key === key);
  const optionLists = useVocabularyOptionLists(
    Object.entries(state.fields).flatMap(([key, filter]) => {
      const vocabulary = filter.any ? fieldOf(key)?.vocabulary_id : null;
      return vocabulary ? [vocabulary] : [];
    }),
  );
  const personLabel = usePersonLabel();
  if (filterCount(state) === 0) return null;
  const chips: { key: string; label: string; next: SearchState }[] = [];
  for (const f of LIST_FILTERS) {
    for (const v of state[f] as string[]) {
      const value = f === 'type' ? t(`assets.types.${v}`, { defaultValue: v }) : v;
      chips.push({
        key: `${f}:${v}`,
        label: `${t(`search.facets.${f}`)}: ${value}`,
        next: { ...state, [f]: (state[f] as string[]).filter((x) => x !== v) },
      });
    }
  }
  if (state.dateFrom)
    chips.push({
      key: 'from',
      label: t('search.dateFromChip', { date: formatDate(`${state.dateFrom}T00:00:00`) }),
      next: { ...state, dateFrom: '' },
    });
  if (state.dateTo)
    chips.push({
      key: 'to',
      label: t('search.dateToChip', { date: formatDate(`${state.dateTo}T00:00:00`) }),
      next: { ...state, dateTo: '' },
    });
  for (const [key, filter] of Object.entries(state.fields)) {
    const field = fieldOf(key);
    const options = field?.vocabulary_id ? optionLists.get(field.vocabulary_id) : undefined;
    for (const c of fieldChips(key, filter, field, options, lang, t))
      chips.push({ key: c.key, label: c.label, next: { ...state, fields: withField(state.fields, key, c.next) } });
  }
  for (const a of state.availability)
    chips.push({
      key: `avail:${a}`,
      label: `${t('search.facets.availability')}: ${t(`search.availability.${a}`)}`,
      next: { ...state, availability: state.availability.filter((x) => x !== a) },
    });
  for (const d of state.detected)
    chips.push({
      key: `det:${d}`,
      label: `${t('labels.filter')}: ${keyName(d, lang)}`,
      next: { ...state, detected: state.detected.filter((x) => x !== d) },
    });
  for (const id of state.people)
    chips.push({
      key: `person:${id}`,
      label: `${t('people.filter')}: ${personLabel(id)}`,
      next: { ...state, people: state.people.filter((x) => x !== id) },
    });
  for (const c of state.colours)
    chips.push({
      key: `colour:${c}`,
      label: `${t('search.facets.colour')}: ${t(`visuals.colour.${c}`)}`,
      next: { ...state, colours: state.colours.filter((x) => x !== c) },
    });
  if (state.expiringWithin !== null)
    chips.push({
      key: 'within',
      label: t('search.expiringWithinChip', { count: state.expiringWithin }),
      next: { ...state, expiringWithin: null },
    });
  if (state.visibility)
    chips.push({
      key: 'vis',
      label: `${t('search.facets.visibility')}: ${t(`visibility.${state.visibility}`)}`,
      next: { ...state, visibility: null },
    });

  return (
    <Group gap={6} data-testid="filter-chips">
      {chips.map((c) => (
        // The whole chip is the remove button: Mantine's Pill hides its own from keyboards and readers.
        <Button
          key={c.key}
          size="compact-xs"
          variant="light"
          radius="xl"
          fw={500}
          rightSection={<IconX size={12} aria-hidden />}
          aria-label={t('search.removeFilter', { label: c.label })}
          onClick={() => onChange(c.next)}
        >
          {c.label}
        </Button>
      ))}
      <Button variant="subtle" size="compact-xs" onClick={onClearAll}>
        {t('search.clearAll')}
      </Button>
    </Group>
  );
}
