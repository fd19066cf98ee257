import { useRef } from 'react';
import {
  Badge,
  Button,
  CloseButton,
  Group,
  Select,
  SegmentedControl,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SEARCH_QUERY_MAX } from '@brandvault/contract';
import { SORT_OPTIONS, sortFromOption, sortOption } from './searchState';
import type { MetadataField } from '@brandvault/contract';
import { labelOf } from './FieldFilters';
import type { SearchState, SortOption } from './searchState';
import type { ViewMode } from './Results';
import { useDebouncedInput } from '../../ui/useDebouncedInput';
import classes from './Search.module.css';

interface Props {
  state: SearchState;
  onQuery: (q: string) => void;
  onSort: (sort: SearchState['sort']) => void;
  filtersOpen: boolean;
  activeFilters: number;
  onToggleFilters: () => void;
  /** The filters open in a drawer (narrow screens) rather than beside the results. */
  filtersAsDrawer?: boolean;
  view: ViewMode;
  onView: (v: ViewMode) => void;
  /** The brand's own fields: number and date ones join the sort menu. */
  brandFields?: MetadataField[];
}

/** The searcher header of the tour: search box, filters toggle, sort dropdown, grid/list buttons. */
export function SearchToolbar({
  state,
  onQuery,
  onSort,
  filtersOpen,
  activeFilters,
  onToggleFilters,
  filtersAsDrawer,
  view,
  onView,
  brandFields,
}: Props) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const query = useDebouncedInput(state.q, onQuery);

  // UX: "/" focuses the search box from anywhere that is not already a text field.
  useWindowEvent('keydown', (e) => {
    const target = e.target as HTMLElement | null;
    const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
    // Not under an open dialog (the viewer, a picker): the box is behind it.
    const covered = document.querySelector('[role="dialog"]');
    if (e.key === '/' && !typing && !covered && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      input.current?.focus();
    }
  });

  // The box stops at the server's limit; near it, it counts so the stop is no surprise.
  const nearLimit = query.text.length >= SEARCH_QUERY_MAX - 50;
  const groups = (['name', 'date', 'type', 'size'] as const).map((g) => ({
    group: t(`search.sortGroups.${g}`),
    items: SORT_OPTIONS.filter((o) => o.startsWith(g)).map((o) => ({ value: o, label: t(`search.sort.${o}`) })),
  }));
  const lang = i18n.language;
  for (const f of (brandFields ?? []).filter((x) => x.type === 'number' || x.type === 'date'))
    groups.push({
      group: labelOf(f, lang),
      items: (['asc', 'desc'] as const).map((m) => ({
        value: `f:${f.key}-${m}` as SortOption,
        label: t(`fieldSearch.sort.${f.type}-${m}`, { label: labelOf(f, lang) }),
      })),
    });

  return (
    <div className={classes.toolbar} role="search" data-tour="searcher-header">
      <TextInput
        ref={input}
        className={classes.searchBox}
        value={query.text}
        onChange={(e) => query.change(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') query.flush();
          if (e.key === 'Escape' && query.text) query.flush('');
        }}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        leftSection={<IconSearch size={16} />}
        maxLength={SEARCH_QUERY_MAX}
        rightSectionWidth={nearLimit ? 96 : undefined}
        rightSection={
          query.text ? (
            <Group gap={4} wrap="nowrap">
              {nearLimit && (
                <Text size="xs" c="dimmed" aria-live="polite" data-testid="search-count">
                  {t('search.queryCount', { count: query.text.length, max: SEARCH_QUERY_MAX })}
                </Text>
              )}
              <CloseButton
                size="sm"
                aria-label={t('search.clearQuery')}
                onClick={() => {
                  query.flush('');
                  input.current?.focus();
                }}
              />
            </Group>
          ) : null
        }
        type="search"
        data-testid="search-input"
      />
      <Button
        variant={filtersOpen ? 'light' : 'default'}
        leftSection={<IconAdjustmentsHorizontal size={16} />}
        rightSection={
          activeFilters > 0 ? (
            <Badge size="xs" circle>
              {activeFilters}
            </Badge>
          ) : null
        }
        onClick={onToggleFilters}
        aria-expanded={filtersOpen}
        aria-controls={filtersOpen ? 'search-filters' : undefined}
        aria-haspopup={filtersAsDrawer ? 'dialog' : undefined}
        data-tour="filters-toggle"
      >
        {t('search.filters')}
      </Button>
      <Select
        w={230}
        aria-label={t('search.sortLabel')}
        data={groups}
        value={sortOption(state.sort)}
        onChange={(v) => v && onSort(sortFromOption(v as SortOption))}
        comboboxProps={{ withinPortal: true }}
        data-testid="search-sort"
        data-tour="sort"
      />
      <SegmentedControl
        aria-label={t('search.view')}
        value={view}
        onChange={(v) => onView(v as ViewMode)}
        data={[
          {
            value: 'grid',
            label: (
              <Tooltip label={t('search.grid')}>
                <span style={{ display: 'block' }}>
                  <IconLayoutGrid size={16} aria-hidden style={{ display: 'block' }} />
                  <VisuallyHidden>{t('search.grid')}</VisuallyHidden>
                </span>
              </Tooltip>
            ),
          },
          {
            value: 'list',
            label: (
              <Tooltip label={t('search.list')}>
                <span style={{ display: 'block' }}>
                  <IconList size={16} aria-hidden style={{ display: 'block' }} />
                  <VisuallyHidden>{t('search.list')}</VisuallyHidden>
                </span>
              </Tooltip>
            ),
          },
        ]}
      />
    </div>
  );
}
