import { ActionIcon, Checkbox, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns3 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_COLUMNS_MAX } from '@brandvault/contract';
import type { ColumnValue, Lang, MetadataField } from '@brandvault/contract';
import { fieldLabel } from '../metadata/labels';
import { columnText } from './listColumns';
import type { ListColumns } from './listColumns';
import type { SearchState } from './searchState';
import classes from './Search.module.css';

const useLang = (): Lang => (useTranslation().i18n.language === 'es' ? 'es' : 'en');

/** The list header's cells of the chosen fields; number and date fields sort the results. */
export function FieldHeads({
  shown,
  sort,
  onSort,
}: {
  shown: readonly MetadataField[];
  sort: SearchState['sort'];
  onSort: (sort: SearchState['sort']) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return shown.map((f) => {
    const label = fieldLabel(f, lang);
    if (f.type !== 'number' && f.type !== 'date')
      return (
        <span key={f.key} className={classes.truncate} data-column title={label}>
          {label}
        </span>
      );
    const active = sort.field === f.key;
    const ascending = sort.mode === 'asc' || sort.mode === 'oldest';
    // The first click shows the largest or latest first; a second turns the order round.
    const mode = active && !ascending ? 'asc' : 'desc';
    const Arrow = ascending ? IconArrowUp : IconArrowDown;
    return (
      <span key={f.key} className={classes.headCell} data-column>
        <UnstyledButton
          className={`${classes.headButton} ${classes.headButtonFit}`}
          onClick={() => onSort({ attribute: 'name', mode, field: f.key })}
          aria-label={t('search.sortByColumn', { column: label })}
          aria-pressed={active}
          title={label}
        >
          <span className={classes.truncate}>{label}</span>
          {active && <Arrow size={12} aria-hidden />}
        </UnstyledButton>
      </span>
    );
  });
}

/** A row's cells of the chosen fields; a field without a value is an em dash. */
export function FieldCells({
  shown,
  values,
}: {
  shown: readonly MetadataField[];
  values: Record<string, ColumnValue> | undefined;
}) {
  const { t } = useTranslation();
  const words = { yes: t('metadata.values.yes'), no: t('metadata.values.no') };
  return shown.map((f) => {
    const text = columnText(f, values?.[f.key], words);
    return (
      <p key={f.key} className={`${classes.small} ${classes.truncate}`} data-column data-field={f.key} title={text}>
        {text || <span className={classes.emptyCell}>—</span>}
      </p>
    );
  });
}

/**
 * The list header's menu of the brand's fields, each a checkbox: a column shown or hidden. A
 * popover of real checkboxes rather than menu items, so each says whether it is ticked.
 */
export function ColumnsMenu({ columns }: { columns: ListColumns }) {
  const { t } = useTranslation();
  const lang = useLang();
  if (!columns.available.length) return null;
  const full = columns.shown.length >= SEARCH_COLUMNS_MAX;
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t('search.fieldColumns')}>
          <IconColumns3 size={16} aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown mah={360} style={{ overflowY: 'auto' }}>
        <Stack gap="xs" role="group" aria-label={t('search.fieldColumnsTitle')}>
          <Text size="xs" fw={700} c="dimmed">
            {t('search.fieldColumnsTitle')}
          </Text>
          {columns.available.map((f) => {
            const on = columns.shown.some((s) => s.key === f.key);
            return (
              <Checkbox
                key={f.key}
                size="sm"
                label={fieldLabel(f, lang)}
                checked={on}
                disabled={!on && full}
                onChange={() => columns.toggle(f.key)}
              />
            );
          })}
          {full && (
            <Text size="xs" c="dimmed">
              {t('search.fieldColumnsFull', { max: SEARCH_COLUMNS_MAX })}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
