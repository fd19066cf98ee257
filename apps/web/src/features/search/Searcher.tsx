import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarX, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AssetSearchBody } from '@brandvault/contract';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { useCan } from '../../state/access';
import { formatNumber } from '../../i18n/format';
import { useFolderTree } from '../folders/api';
import { GuidelineSearchGroup } from '../guidelines/GuidelineSearchGroup';
import { AssetViewer } from '../viewer/AssetViewer';
import { useAssetSearch, useBrandFields, useBrowseFacets, useFacetsWithout } from './api';
import { combineFacets } from './facets';
import { AssetTileSkeleton } from './AssetTile';
import { CopyMovePicker } from './CopyMovePicker';
import { FilterChips } from './FilterChips';
import { GapsNotice } from './GapsNotice';
import { FiltersDrawer, FiltersPanel } from './FiltersPanel';
import { Results } from './Results';
import { SearchToolbar } from './SearchToolbar';
import { FolderSelectionContext } from '../folders/folderSelection';
import { FolderPathsContext, useFolderPaths } from './folderPaths';
import type { FolderSelection } from '../folders/folderSelection';
import { clearFilters, datesReversed, filterCount, isSearching, toBody } from './searchState';
import { SearchTemplateButton } from '../reports/SearchTemplateButton';
import { SearchBulkEditButton } from '../metadataBulk/BulkEditButton';
import { SelectionBar } from './SelectionBar';
import { useResultsPage, useViewMode } from './useResultsPage';
import { useListColumns } from './listColumns';
import { useSearchUrl } from './useSearchUrl';
import classes from './Search.module.css';

const NO_FACETS = { author: [], type: [], category: [], language: [], extension: [] };

interface Props {
  brandId: number;
  folderId: number | undefined;
  isRoot: boolean;
  /** The subfolder cards, shown while browsing (not while searching); null when there are none. */
  folders: ReactNode | null;
  /** Shown instead of everything when the folder has neither subfolders nor assets. */
  emptyFolder: ReactNode;
  /** More buttons in the results header (saved searches), given the current body and whether it searches. */
  extra?: (body: AssetSearchBody, searching: boolean) => ReactNode;
}

/** The brand searcher: search box, filters, sort, grid or list, selection and the viewer. */
export function Searcher({ brandId, folderId, isRoot, folders, emptyFolder, extra }: Props) {
  const { t } = useTranslation();
  const { state, set, params, setParams } = useSearchUrl();
  const body = useMemo(() => toBody(state), [state]);
  const searching = isSearching(state);
  const reversed = datesReversed(state);
  const fieldsQuery = useBrandFields(brandId);
  const brandFields = fieldsQuery.data;
  const columns = useListColumns(brandId, brandFields?.items);
  // The list asks for its chosen fields' values; the grid shows none, so it asks for none.
  const listView = useViewMode()[0] === 'list';
  const asked = useMemo(
    () => (listView && columns.shown.length ? { ...body, columns: columns.shown.map((f) => f.key) } : body),
    [body, listView, columns.shown],
  );
  // Chosen columns wait for the brand's fields, rather than a first page without them.
  const columnsPending = listView && columns.chosen && fieldsQuery.isPending;
  const query = useAssetSearch(folderId, asked, !reversed && !columnsPending, true);
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  const first = query.data?.pages[0];
  const page = useResultsPage({
    items,
    selectionScope: `${folderId}:${JSON.stringify(body)}`,
    params,
    setParams,
    fetchNextPage: () => query.fetchNextPage(),
  });
  const { view, sel, actions } = page;
  // Beside the results there is room for the filters only from the md breakpoint; narrower, a drawer.
  const narrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false });
  const [sidebarOpen, setSidebarOpen] = useState(() => filterCount(state) > 0);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const filtersOpen = narrow ? drawerOpen : sidebarOpen;
  const browseFacets = useBrowseFacets(folderId, filtersOpen && !searching);
  // Facets of a query still loading are not known yet: keep the last ones so the lists hold still.
  const freshFacets = searching ? (query.isPlaceholderData ? undefined : first?.facets) : browseFacets.data;
  const [kept, setKept] = useState({ folderId, facets: freshFacets });
  if (freshFacets && freshFacets !== kept.facets) setKept({ folderId, facets: freshFacets });
  // A ticked field lists its values as if it were not ticked (OR within a field); its counts come
  // from the same search without it. Only asked for while the filters are in sight.
  const ownOn = filtersOpen && !reversed;
  const own = {
    author: useFacetsWithout(folderId, body, 'author', ownOn),
    type: useFacetsWithout(folderId, body, 'type', ownOn),
    categories: useFacetsWithout(folderId, body, 'categories', ownOn),
    language: useFacetsWithout(folderId, body, 'language', ownOn),
    extension: useFacetsWithout(folderId, body, 'extension', ownOn),
  };
  // With no answer coming (a reversed range, an error), the lists say so instead of "Loading".
  const facets = reversed
    ? NO_FACETS
    : combineFacets(
        state,
        freshFacets ??
          (kept.folderId === folderId ? kept.facets : undefined) ??
          (query.isError ? NO_FACETS : undefined),
        {
          author: own.author.data?.facets,
          type: own.type.data?.facets,
          categories: own.categories.data?.facets,
          language: own.language.data?.facets,
          extension: own.extension.data?.facets,
        },
      );
  // Counted over a sample: the search's own facets, or those of a ticked field's search without it.
  const sampled =
    searching &&
    (!!first?.facets_capped ||
      (Object.keys(own) as (keyof typeof own)[]).some((f) => state[f].length > 0 && !!own[f].data?.capped));
  const folderPaths = useFolderPaths(useFolderTree(brandId).data?.root, folderId);
  const can = useCan();
  // Folders join the selection only to be downloaded: without that right there is nothing to pick them for.
  const folderSelection: FolderSelection | null = can.permission('asset.download')
    ? { selected: (id) => sel.selection.folders.has(id), toggle: sel.toggleFolder }
    : null;

  const update = (next: typeof state) => set(next);
  const clearAll = () => set(clearFilters(state));

  const total =
    first && !reversed
      ? first.total_capped
        ? t('search.totalCapped', { formatted: formatNumber(first.total) })
        : t('search.total', { count: first.total, formatted: formatNumber(first.total) })
      : null;
  const nothingHere = !searching && !folders && first?.total === 0;

  let results: ReactNode;
  if (reversed)
    results = (
      <EmptyBlock
        icon={<IconCalendarX size={28} stroke={1.6} />}
        title={t('search.datesReversedTitle')}
        description={t('search.datesReversed')}
        action={
          <Button variant="light" onClick={() => set({ ...state, dateFrom: '', dateTo: '' })}>
            {t('search.clearDates')}
          </Button>
        }
      />
    );
  else if (query.isError) results = <PageError error={query.error} onRetry={() => void query.refetch()} />;
  else if (!first)
    results = (
      <div className={`${classes.gridRow} ${classes.skeletonGrid}`} aria-busy>
        {Array.from({ length: 8 }, (_, i) => (
          <AssetTileSkeleton key={i} />
        ))}
      </div>
    );
  else if (first.total === 0 && searching && filterCount(state) === 0)
    // Only words were typed: name them, and clearing them is the way back.
    results = (
      <EmptyBlock
        icon={<IconFilterOff size={28} stroke={1.6} />}
        title={t('search.noMatchTitle')}
        description={t('search.noMatchQuery', { q: state.q.trim() })}
        action={
          <Button variant="light" onClick={() => set({ ...state, q: '' })}>
            {t('search.clearSearchOf', { q: state.q.trim() })}
          </Button>
        }
      />
    );
  else if (first.total === 0 && searching)
    results = (
      <EmptyBlock
        icon={<IconFilterOff size={28} stroke={1.6} />}
        title={t('search.noMatchTitle')}
        description={t('search.noMatch')}
        action={
          <Button variant="light" onClick={() => set(clearFilters(state, false))}>
            {t('search.clearFilters')}
          </Button>
        }
      />
    );
  else if (first.total === 0)
    results = (
      <Text size="sm" c="dimmed">
        {t('assets.noneHere')}
      </Text>
    );
  else
    results = (
      <Results
        {...page.results}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        sort={state.sort}
        onSort={(sort) => set({ ...state, sort })}
        columns={columns}
      />
    );

  const sources = new Set([...(actions.picking?.assets ?? [])].map((a) => a.folder_id));
  return (
    <Stack gap="md">
      <SearchToolbar
        state={state}
        // Starting a search is a step Back can undo; the keystrokes after it only replace it.
        onQuery={(q) => set({ ...state, q }, state.q.trim() !== '')}
        onSort={(sort) => set({ ...state, sort })}
        filtersOpen={filtersOpen}
        activeFilters={filterCount(state)}
        onToggleFilters={() => (narrow ? setDrawerOpen((o) => !o) : setSidebarOpen((o) => !o))}
        filtersAsDrawer={narrow}
        view={view}
        onView={page.setView}
        brandFields={brandFields?.items}
      />
      <GapsNotice
        brandId={brandId}
        enabled={!!brandFields?.abilities.manage}
        onShow={(key) => set({ ...clearFilters(state, false), fields: { [key]: { missing: true } } })}
      />
      <FilterChips state={state} onChange={update} onClearAll={clearAll} brandFields={brandFields?.items} />
      {narrow && (
        <FiltersDrawer
          opened={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          total={reversed ? undefined : first?.total}
        >
          <FiltersPanel
            state={state}
            facets={facets}
            sampled={sampled}
            onChange={update}
            inDrawer
            brandFields={brandFields?.items}
            brandId={brandId}
          />
        </FiltersDrawer>
      )}
      <div className={classes.body} data-filters-open={(filtersOpen && !narrow) || undefined}>
        {filtersOpen && !narrow && (
          <FiltersPanel
            state={state}
            facets={facets}
            sampled={sampled}
            onChange={update}
            brandFields={brandFields?.items}
            brandId={brandId}
          />
        )}
        {nothingHere ? (
          emptyFolder
        ) : (
          <Stack gap="xl" miw={0}>
            {!searching && (
              <FolderSelectionContext.Provider value={folderSelection}>{folders}</FolderSelectionContext.Provider>
            )}
            {state.q.trim() !== '' && <GuidelineSearchGroup brandId={brandId} q={state.q} />}
            <FolderPathsContext.Provider value={folderPaths}>
              <section
                aria-label={t('assets.title')}
                aria-busy={query.isFetching}
                className={classes.results}
                data-stale={query.isPlaceholderData || undefined}
              >
                <Group justify="space-between" mb="xs">
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                    {searching ? t(isRoot ? 'search.scopeBrand' : 'search.scopeTree') : t('assets.title')}
                  </Text>
                  <Group gap="xs">
                    {extra?.(body, searching && !reversed)}
                    {searching && first && !reversed && folderId !== undefined && (
                      <SearchTemplateButton folderId={folderId} filters={body} total={first.total} />
                    )}
                    {searching && first && !reversed && folderId !== undefined && (
                      <SearchBulkEditButton brandId={brandId} folderId={folderId} filters={body} total={first.total} />
                    )}
                    {total && (
                      <Text size="xs" c="dimmed" data-testid="search-total">
                        {total}
                      </Text>
                    )}
                  </Group>
                </Group>
                {results}
              </section>
            </FolderPathsContext.Provider>
          </Stack>
        )}
      </div>
      <SelectionBar {...page.selectionBar} />
      <CopyMovePicker
        actions={actions}
        brandId={brandId}
        // Moving into the folder the assets are already in would change nothing.
        disabledIds={actions.picking?.kind === 'move' && sources.size === 1 ? sources : undefined}
      />
      <AssetViewer
        {...page.viewer}
        hasMore={query.hasNextPage}
        total={first && { count: first.total, capped: first.total_capped }}
      />
    </Stack>
  );
}
