import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../state/session';
import { usePeople } from './api';

/** A person's name for a filter chip: the name, "Unnamed #id", or "#id" for one not listed. */
export function usePersonLabel(): (id: number) => string {
  const { t } = useTranslation();
  const brand = useSession((s) => s.selectedBrand);
  const people = usePeople(brand?.id ?? 0).data;
  return (id) => {
    const p = people?.items.find((x) => x.id === id);
    return p ? (p.name ?? `${t('people.unnamed')} #${p.id}`) : `#${id}`;
  };
}

/**
 * The search filters' "Person" (issue 42 §3): the brand's shown people the caller can see; only
 * when faces are on and someone was found (or a link already filters by a person).
 */
export function PersonFilter({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation();
  const brand = useSession((s) => s.selectedBrand);
  const people = usePeople(brand?.id ?? 0).data;
  if (!people?.enabled || (!people.items.length && !value.length)) return null;
  const data = people.items.map((p) => ({ value: String(p.id), label: p.name ?? `${t('people.unnamed')} #${p.id}` }));
  for (const id of value)
    if (!data.some((d) => d.value === String(id))) data.push({ value: String(id), label: `#${id}` });
  return (
    <MultiSelect
      size="xs"
      label={t('people.filter')}
      placeholder={value.length ? undefined : t('people.filterPlaceholder')}
      data={data}
      value={value.map(String)}
      onChange={(v) => onChange(v.map(Number).slice(0, 20))}
      searchable
      clearable
      data-testid="facet-people"
    />
  );
}
