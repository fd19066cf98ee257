import type { ReactNode } from 'react';
import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DateRangeFilterDef, FilterDef, SelectFilterDef, TextFilterDef } from './types';
import type { TableUrl } from './useTableUrl';
import { useDebouncedInput } from '../useDebouncedInput';
import { DateField } from '../DateField';

/** The select's stand-in for "no filter": Mantine options need a non-empty value. */
const ALL = '__all__';
const CONTROL_WIDTH = { base: '100%', sm: 200 } as const;

/** The filters a change to `def` clears (those that depend on it). */
const cleared = (def: FilterDef) => Object.fromEntries((def.resets ?? []).map((k) => [k, '']));

export interface TableSearchConfig {
  /** Accessible name of the search box, e.g. "Search users". */
  label: string;
  placeholder: string;
}

/** Search box, filters and the page's own extra controls above an admin table. */
export function TableToolbar({
  table,
  search,
  extra,
}: {
  table: TableUrl;
  search?: TableSearchConfig;
  extra?: ReactNode;
}) {
  const filters = table.config.filters;
  if (!search && filters.length === 0 && !extra) return null;
  return (
    <Group
      p="md"
      gap="sm"
      wrap="wrap"
      align="flex-end"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {search && (
        <DebouncedText
          label={search.label}
          placeholder={search.placeholder}
          value={table.state.search}
          onCommit={(v) => table.setSearch(v, { replace: table.state.search !== '' })}
          icon={<IconSearch size={16} />}
          type="search"
          w={{ base: '100%', sm: 320 }}
        />
      )}
      {filters.map((f) => (
        <FilterControl key={f.key} def={f} table={table} />
      ))}
      {extra && <Group ml={{ sm: 'auto' }}>{extra}</Group>}
    </Group>
  );
}

function FilterControl({ def, table }: { def: FilterDef; table: TableUrl }) {
  switch (def.type) {
    case 'select':
      return <SelectFilter def={def} table={table} />;
    case 'text':
      return <TextFilter def={def} table={table} />;
    case 'dateRange':
      return <DateRangeFilter def={def} table={table} />;
  }
}

function SelectFilter({ def, table }: { def: SelectFilterDef; table: TableUrl }) {
  const value = table.state.filters[def.key] || ALL;
  return (
    <Select
      aria-label={def.label}
      data={[{ value: ALL, label: def.allLabel }, ...def.options]}
      value={def.disabled ? ALL : value}
      allowDeselect={false}
      searchable={def.searchable}
      disabled={def.disabled}
      onChange={(v) => table.setFilters({ ...cleared(def), [def.key]: !v || v === ALL ? '' : v })}
      w={CONTROL_WIDTH}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

function TextFilter({ def, table }: { def: TextFilterDef; table: TableUrl }) {
  const value = table.state.filters[def.key] ?? '';
  return (
    <DebouncedText
      label={def.label}
      placeholder={def.placeholder ?? def.label}
      value={value}
      onCommit={(v) => table.setFilters({ ...cleared(def), [def.key]: v }, { replace: value !== '' })}
      w={CONTROL_WIDTH}
    />
  );
}

function DateRangeFilter({ def, table }: { def: DateRangeFilterDef; table: TableUrl }) {
  const { t } = useTranslation();
  const fromKey = `${def.key}_from`;
  const toKey = `${def.key}_to`;
  const from = table.state.filters[fromKey] ?? '';
  const to = table.state.filters[toKey] ?? '';
  return (
    <Group gap="xs" wrap="nowrap" w={{ base: '100%', sm: 'auto' }} role="group" aria-label={def.label}>
      <DateField
        aria-label={t('adminTable.dateLabel', { filter: def.label, part: def.fromLabel })}
        placeholder={def.fromLabel}
        value={from}
        max={to || undefined}
        onChange={(v) => table.setFilters({ [fromKey]: v })}
        style={{ flex: 1 }}
        miw={0}
      />
      <DateField
        aria-label={t('adminTable.dateLabel', { filter: def.label, part: def.toLabel })}
        placeholder={def.toLabel}
        value={to}
        min={from || undefined}
        onChange={(v) => table.setFilters({ [toKey]: v })}
        style={{ flex: 1 }}
        miw={0}
      />
    </Group>
  );
}

function DebouncedText({
  label,
  placeholder,
  value,
  onCommit,
  icon,
  type,
  w,
}: {
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string) => void;
  icon?: ReactNode;
  type?: 'search';
  w: { base: string; sm: number };
}) {
  const { t } = useTranslation();
  const input = useDebouncedInput(value, onCommit, { trim: true });
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={icon}
      value={input.text}
      onChange={(e) => input.change(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') input.flush();
        if (e.key === 'Escape' && input.text) input.flush('');
      }}
      rightSection={
        input.text ? (
          <CloseButton
            size="sm"
            aria-label={t('adminTable.clearText', { field: label })}
            onClick={() => input.flush('')}
          />
        ) : null
      }
      w={w}
      type={type}
      name={type}
    />
  );
}
