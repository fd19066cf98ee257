import { useMemo, useState } from 'react';
import { ActionIcon, Button, Group, Menu, Select, Stack } from '@mantine/core';
import {
  IconDots,
  IconFolderMinus,
  IconFolders,
  IconHeart,
  IconPencil,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { COLLECTION_SORTS } from '@brandvault/contract';
import type { CollectionSort } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../ui/EmptyBlock';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { notifyError, notifySuccess } from '../../lib/notify';
import { formatNumber } from '../../i18n/format';
import { CopyMovePicker } from '../search/CopyMovePicker';
import { SelectionBar } from '../search/SelectionBar';
import { SORT_OPTIONS, sortFromOption, sortOption } from '../search/searchState';
import type { SortOption } from '../search/searchState';
import { useResultsPage } from '../search/useResultsPage';
import { AssetViewer } from '../viewer/AssetViewer';
import { useCollection, useCollectionAssets } from '../collections/api';
import { ShareCollectionModal } from '../shareLinks/ShareCollectionModal';
import { CollectionFormModal } from '../collections/CollectionFormModal';
import { useDeleteCollectionAction } from '../collections/useDeleteCollection';
import classes from '../collections/Collections.module.css';
import { BackToCollections, CollectionError, CollectionResults, ViewSwitch } from './CollectionView';

const asSort = (v: string | null): CollectionSort =>
  (COLLECTION_SORTS as readonly string[]).includes(v ?? '') ? (v as CollectionSort) : 'added';

/** One own collection (§2 collections.own.see), favourites included: its assets as the searcher shows them. */
export default function CollectionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const sort = asSort(params.get('sort'));
  const query = useCollection(Number.isInteger(id) ? id : 0, sort);
  const first = query.data?.pages[0];
  const collection = first?.collection;
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.assets.items) ?? [], [query.data]);
  const title = collection ? (collection.is_favorites ? t('collections.favorites') : collection.name) : undefined;
  usePageTitle(title ?? t('collections.title'));
  const page = useResultsPage({
    items,
    selectionScope: `collection:${id}:${sort}`,
    params,
    setParams,
    fetchNextPage: () => query.fetchNextPage(),
  });
  const { view, setView, sel, actions } = page;
  const removeAssets = useCollectionAssets();
  const [renaming, setRenaming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const askDelete = useDeleteCollectionAction(() => void navigate('/collections/own'));

  const setQuery = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const removeSelected = () => {
    if (!collection) return;
    const ids = [...sel.selection.items.keys()];
    removeAssets.mutate(
      { id: collection.id, ids, add: false },
      {
        onSuccess: (n) => {
          notifySuccess(
            t('collections.removedTitle'),
            t('collections.removed', { count: n, formatted: formatNumber(n), name: title ?? '' }),
            'assets',
          );
          sel.clear();
        },
        onError: (e) => notifyError(e, 'assets'),
      },
    );
  };

  const sortValue = sort === 'added' ? 'added' : sortOption(sortFromOption(sort as SortOption));
  if (query.isError) return <CollectionError error={query.error} onRetry={() => void query.refetch()} />;

  const abilities = collection?.abilities;
  const pickBrands = new Set((actions.picking?.assets ?? []).map((a) => a.brand_id));
  return (
    <div className={classes.page}>
      <Stack gap="md">
        <BackToCollections />
        <PageHeader
          title={title ?? '…'}
          description={
            collection
              ? t('collections.count', {
                  count: collection.asset_count,
                  formatted: formatNumber(collection.asset_count),
                })
              : undefined
          }
          actions={
            <Group gap="xs" wrap="nowrap">
              {abilities?.add_assets && (
                <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => setSharing(true)}>
                  {t('share.action')}
                </Button>
              )}
              {abilities && (abilities.update || abilities.remove) && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="default" size="lg" aria-label={t('collections.actions', { name: title })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    {abilities.update && (
                      <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setRenaming(true)}>
                        {t('collections.rename')}
                      </Menu.Item>
                    )}
                    {abilities.remove && collection && (
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => void askDelete(collection)}
                      >
                        {t('collections.delete')}
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          }
        />
        <div className={classes.toolbar}>
          <Select
            aria-label={t('search.sortLabel')}
            value={sortValue}
            onChange={(v) => setQuery('sort', v === 'added' ? null : v)}
            allowDeselect={false}
            w={220}
            data={[
              { value: 'added', label: t('collections.sortAdded') },
              ...SORT_OPTIONS.map((o) => ({ value: o, label: t(`search.sort.${o}`) })),
            ]}
          />
          <ViewSwitch view={view} onChange={setView} />
        </div>
        <CollectionResults
          {...page.results}
          total={first?.assets.total}
          fetching={query.isFetching}
          empty={
            <EmptyBlock
              icon={
                collection?.is_favorites ? <IconHeart size={28} stroke={1.6} /> : <IconFolders size={28} stroke={1.6} />
              }
              title={t(
                collection?.is_favorites ? 'collections.favoritesEmptyTitle' : 'collections.collectionEmptyTitle',
              )}
              description={t(collection?.is_favorites ? 'collections.favoritesEmpty' : 'collections.collectionEmpty')}
              action={
                <Button component={Link} to="/brand" variant="light">
                  {t('collections.browse')}
                </Button>
              }
            />
          }
          hasMore={query.hasNextPage}
          loadingMore={query.isFetchingNextPage}
          sort={sort === 'added' ? { attribute: 'date', mode: 'latest' } : sortFromOption(sort as SortOption)}
          onSort={(s) => setQuery('sort', sortOption(s))}
        />
      </Stack>
      <SelectionBar {...page.selectionBar}>
        {abilities?.remove_assets && (
          <Button
            size="compact-sm"
            variant="white"
            color="dark"
            leftSection={<IconFolderMinus size={14} />}
            onClick={removeSelected}
            loading={removeAssets.isPending}
          >
            {t(collection?.is_favorites ? 'collections.removeFromFavorites' : 'collections.removeFromCollection')}
          </Button>
        )}
      </SelectionBar>
      <CopyMovePicker actions={actions} brandId={[...pickBrands][0] ?? 0} />
      <AssetViewer
        {...page.viewer}
        hasMore={query.hasNextPage}
        total={first && { count: first.assets.total, capped: false }}
      />
      <CollectionFormModal
        mode={renaming && collection ? { kind: 'rename', collection } : null}
        onClose={() => setRenaming(false)}
      />
      <ShareCollectionModal
        collection={sharing && collection ? { id: collection.id, name: title ?? collection.name } : null}
        onClose={() => setSharing(false)}
      />
    </div>
  );
}
