import { useMemo } from 'react';
import { Anchor, Badge, Button, Group, SegmentedControl, Stack } from '@mantine/core';
import { IconArrowLeft, IconFilterOff, IconLayoutGrid, IconList, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageError } from '../../ui/PageError';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatNumber } from '../../i18n/format';
import { AssetTileSkeleton } from '../search/AssetTile';
import { Results } from '../search/Results';
import type { ViewMode } from '../search/Results';
import { SelectionBar } from '../search/SelectionBar';
import { DEFAULT_SORT } from '../search/searchState';
import { useResultsPage } from '../search/useResultsPage';
import { AssetViewer } from '../viewer/AssetViewer';
import { useSavedSearchResults, useSavedSearches } from '../savedSearches/api';
import { savedSearchUrl } from '../savedSearches/savedSearchUrl';
import classes from '../collections/Collections.module.css';
import searchClasses from '../search/Search.module.css';

/** A smart collection: a saved search's live results in the usual grid, as the caller may see them. */
export default function SmartCollectionPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const list = useSavedSearches({ collections: true });
  const saved = list.data?.items.find((s) => s.id === id);
  const missing = list.isSuccess && !saved;
  const query = useSavedSearchResults(id, saved?.folder_id);
  const first = query.data?.pages[0];
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);
  usePageTitle(saved?.name ?? t('savedSearches.smartTitle'));
  const page = useResultsPage({
    items,
    selectionScope: `smart:${id}`,
    params,
    setParams,
    fetchNextPage: () => query.fetchNextPage(),
  });
  const { view, setView } = page;
  const back = (
    <Anchor component={Link} to="/collections/own" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('collections.back')}
      </Group>
    </Anchor>
  );
  const error = list.error ?? query.error ?? (missing ? new ApiError(404, 'NOT_FOUND', t('savedSearches.gone')) : null);
  if (error)
    return (
      <div className={classes.page}>
        <Stack gap="md">
          {back}
          <PageError error={error} onRetry={() => void (list.isError ? list.refetch() : query.refetch())} />
        </Stack>
      </div>
    );

  let results;
  if (!first)
    results = (
      <div
        className={searchClasses.gridRow}
        style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}
        aria-busy
      >
        {Array.from({ length: 8 }, (_, i) => (
          <AssetTileSkeleton key={i} />
        ))}
      </div>
    );
  else if (first.total === 0)
    results = (
      <EmptyBlock
        icon={<IconFilterOff size={28} stroke={1.6} />}
        title={t('savedSearches.smartNoneTitle')}
        description={t('savedSearches.smartNone')}
      />
    );
  else
    results = (
      <Results
        {...page.results}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        sort={saved?.search?.sort ? { ...DEFAULT_SORT, ...saved.search.sort } : DEFAULT_SORT}
        onSort={() => undefined}
      />
    );

  return (
    <div className={classes.page}>
      <Stack gap="md">
        {back}
        <PageHeader
          title={saved?.name ?? '…'}
          description={
            first
              ? first.total_capped
                ? t('search.totalCapped', { formatted: formatNumber(first.total) })
                : t('search.total', { count: first.total, formatted: formatNumber(first.total) })
              : undefined
          }
          actions={
            <Group gap="xs" wrap="wrap">
              <Badge variant="light">{t('savedSearches.smart')}</Badge>
              {saved?.search && (
                <Button
                  component={Link}
                  to={savedSearchUrl(saved)}
                  variant="default"
                  leftSection={<IconSearch size={16} />}
                >
                  {t('savedSearches.openInSearcher')}
                </Button>
              )}
              <SegmentedControl
                value={view}
                onChange={(v) => setView(v as ViewMode)}
                aria-label={t('search.view')}
                data={[
                  { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('search.grid')} /> },
                  { value: 'list', label: <IconList size={16} aria-label={t('search.list')} /> },
                ]}
              />
            </Group>
          }
        />
        <section aria-label={t('assets.title')} aria-busy={query.isFetching} className={searchClasses.results}>
          {results}
        </section>
      </Stack>
      <SelectionBar {...page.selectionBar} />
      <AssetViewer
        {...page.viewer}
        hasMore={query.hasNextPage}
        total={first && { count: first.total, capped: first.total_capped }}
      />
    </div>
  );
}
