import { useState } from 'react';
import type { ReactNode } from 'react';
import { Anchor, Button, Checkbox, Drawer, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { LIST_FILTERS, datesReversed } from './searchState';
import type { ListFilter, SearchState } from './searchState';
import classes from './Search.module.css';
import { FACET_OF } from './facets';
import type { Facets } from './facets';
import { DateField } from '../../ui/DateField';
import type { MetadataField } from '@brandvault/contract';
import { FieldFilters } from './FieldFilters';
import { AvailabilityFilter } from './AvailabilityFilter';
import { DetectedFilter } from '../labels/DetectedFilter';
import { ColourFilter } from './ColourFilter';
import { PersonFilter } from '../people/PersonFilter';

/** Long facets show this many values until "show more". */
const SHORT_LIST = 6;

interface Props {
  state: SearchState;
  facets: Facets | undefined;
  /** The counts come from the first matches only (the server's facets_capped). */
  sampled?: boolean;
  onChange: (next: SearchState) => void;
  /** Inside the phone's drawer, which has its own title and frame. */
  inDrawer?: boolean;
  /** The brand's own metadata fields: those marked as filters get a section each. */
  brandFields?: MetadataField[];
  /** The brand searched: its detected objects and scenes are a filter. */
  brandId?: number;
}

/** The filters sidebar of the tour: author, asset type, themes, visual language, extension, date. */
export function FiltersPanel({ state, facets, sampled, onChange, inDrawer, brandFields, brandId }: Props) {
  const { t } = useTranslation();
  return (
    <Paper
      component={inDrawer ? 'div' : 'aside'}
      withBorder={!inDrawer}
      className={inDrawer ? undefined : classes.filters}
      id="search-filters"
      aria-label={inDrawer ? undefined : t('search.filters')}
    >
      {/* "Clear all" lives once, beside the chips it clears. */}
      {!inDrawer && (
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb="sm">
          {t('search.filters')}
        </Text>
      )}
      {sampled && (
        <Text size="xs" c="dimmed" mb="sm" data-testid="facets-sampled">
          {t('search.facetsSampled')}
        </Text>
      )}
      <Stack gap="lg">
        {LIST_FILTERS.map((f) => (
          <FacetList key={f} filter={f} state={state} counts={facets?.[FACET_OF[f]]} onChange={onChange} />
        ))}
        {brandFields && <FieldFilters fields={brandFields} facets={facets?.fields} state={state} onChange={onChange} />}
        {brandId !== undefined && (
          <DetectedFilter
            brandId={brandId}
            value={state.detected}
            onChange={(detected) => onChange({ ...state, detected })}
          />
        )}
        <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
          <Text component="legend" size="sm" fw={600} mb={6}>
            {t('search.facets.date')}
          </Text>
          <Stack gap={6}>
            <DateField
              size="xs"
              label={t('search.dateFrom')}
              value={state.dateFrom}
              max={state.dateTo || undefined}
              onChange={(v) => onChange({ ...state, dateFrom: v })}
            />
            <DateField
              size="xs"
              label={t('search.dateTo')}
              value={state.dateTo}
              min={state.dateFrom || undefined}
              error={datesReversed(state) ? t('search.dateOrder') : undefined}
              onChange={(v) => onChange({ ...state, dateTo: v })}
            />
          </Stack>
        </fieldset>
        <AvailabilityFilter state={state} onChange={onChange} />
        <ColourFilter state={state} onChange={onChange} />
        <PersonFilter value={state.people} onChange={(people) => onChange({ ...state, people })} />
        <div>
          <Text size="sm" fw={600} mb={6} id="search-visibility">
            {t('search.facets.visibility')}
          </Text>
          <SegmentedControl
            size="xs"
            fullWidth
            aria-labelledby="search-visibility"
            value={state.visibility ?? 'ANY'}
            onChange={(v) => onChange({ ...state, visibility: v === 'PUBLIC' || v === 'PRIVATE' ? v : null })}
            data={[
              { value: 'ANY', label: t('search.anyVisibility') },
              { value: 'PUBLIC', label: t('visibility.PUBLIC') },
              { value: 'PRIVATE', label: t('visibility.PRIVATE') },
            ]}
          />
        </div>
      </Stack>
    </Paper>
  );
}

/** Below the md breakpoint the filters slide in from the left; the results update behind them. */
export function FiltersDrawer({
  opened,
  onClose,
  total,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  /** How many assets the chosen filters leave; undefined while unknown. */
  total: number | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('search.filters')}
      size="min(360px, 90%)"
      styles={{ body: { paddingBottom: 0 } }}
    >
      {children}
      <div className={classes.drawerFooter}>
        <Button fullWidth onClick={onClose}>
          {total === undefined
            ? t('search.showResultsUnknown')
            : t('search.showResults', { count: total, formatted: formatNumber(total) })}
        </Button>
      </div>
    </Drawer>
  );
}

function FacetList({
  filter,
  state,
  counts,
  onChange,
}: {
  filter: ListFilter;
  state: SearchState;
  counts: { value: string; count: number }[] | undefined;
  onChange: (next: SearchState) => void;
}) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const chosen = state[filter] as string[];
  // A value nothing would match is left out; a chosen one stays listed (and unticked-able)
  // even when the current results lack it.
  const values = (counts ?? []).filter((c) => c.count > 0 || chosen.includes(c.value));
  for (const v of chosen) if (!values.some((c) => c.value === v)) values.push({ value: v, count: 0 });
  // A field these results have no value of is not shown at all (while loading, it says so).
  if (counts && values.length === 0) return null;
  const shown = all ? values : values.slice(0, SHORT_LIST);
  const label = (v: string) => (filter === 'type' ? t(`assets.types.${v}`, { defaultValue: v }) : v);

  return (
    <Checkbox.Group
      label={t(`search.facets.${filter}`)}
      value={chosen}
      onChange={(next) => onChange({ ...state, [filter]: next })}
      data-testid={`facet-${filter}`}
    >
      <Stack gap={6} mt={6}>
        {shown.length === 0 && (
          <Text size="xs" c="dimmed">
            {t('common.loading')}
          </Text>
        )}
        {shown.map((c) => (
          <Checkbox
            key={c.value}
            size="xs"
            value={c.value}
            styles={{ body: { alignItems: 'center' }, labelWrapper: { flex: 1, minWidth: 0 } }}
            label={
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" truncate title={label(c.value)}>
                  {label(c.value)}
                </Text>
                {c.count > 0 && (
                  <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                    {formatNumber(c.count)}
                  </Text>
                )}
              </Group>
            }
          />
        ))}
        {values.length > SHORT_LIST && (
          <Anchor component="button" type="button" size="xs" onClick={() => setAll((v) => !v)} ta="left">
            {all ? t('search.showLess') : t('search.showMore', { count: values.length - SHORT_LIST })}
          </Anchor>
        )}
      </Stack>
    </Checkbox.Group>
  );
}
