import { useMemo } from 'react';
import { Badge, Button, Group, Stack } from '@mantine/core';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatNumber } from '../../i18n/format';
import { SelectionBar } from '../search/SelectionBar';
import { DEFAULT_SORT } from '../search/searchState';
import { useResultsPage } from '../search/useResultsPage';
import { AssetViewer } from '../viewer/AssetViewer';
import { useSavedSearchResults, useSavedSearches } from '../savedSearches/api';
import { savedSearchUrl } from '../savedSearches/savedSearchUrl';
import classes from '../collections/Collections.module.css';
import { BackToCollections, CollectionError, CollectionResults, ViewSwitch } from './CollectionView';

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
  const error = list.error ?? query.error ?? (missing ? new ApiError(404, 'NOT_FOUND', t('savedSearches.gone')) : null);
  if (error)
    return <CollectionError error={error} onRetry={() => void (list.isError ? list.refetch() : query.refetch())} />;

  return (
    <div className={classes.page}>
      <Stack gap="md">
        <BackToCollections />
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
              <ViewSwitch view={view} onChange={setView} />
            </Group>
          }
        />
        <CollectionResults
          {...page.results}
          total={first?.total}
          fetching={query.isFetching}
          empty={
            <EmptyBlock
              icon={<IconFilterOff size={28} stroke={1.6} />}
              title={t('savedSearches.smartNoneTitle')}
              description={t('savedSearches.smartNone')}
            />
          }
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          sort={saved?.search?.sort ? { ...DEFAULT_SORT, ...saved.search.sort } : DEFAULT_SORT}
          onSort={() => undefined}
        />
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
