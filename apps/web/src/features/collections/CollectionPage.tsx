import { useMemo, useRef, useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Menu, SegmentedControl, Select, Stack } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconDots,
  IconFolderMinus,
  IconFolders,
  IconHeart,
  IconLayoutGrid,
  IconList,
  IconPencil,
  IconShare,
  IconTrash,
} from '@tabler/icons-react';
import { COLLECTION_SORTS } from '@brandvault/contract';
import type { CollectionSort } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { EmptyBlock } from '../../app/components/EmptyBlock';
import { PageError } from '../../app/components/PageError';
import { PageHeader } from '../../app/components/PageHeader';
import { usePageTitle } from '../../app/components/usePageTitle';
import { notifyError, notifySuccess } from '../../app/notify';
import { formatNumber } from '../../i18n/format';
import { FolderPickerModal } from '../folders/FolderPickerModal';
import { AssetTileSkeleton } from '../search/AssetTile';
import { Results } from '../search/Results';
import type { ViewMode } from '../search/Results';
import { VIEW_STORAGE_KEY } from '../search/Searcher';
import { SelectionBar } from '../search/SelectionBar';
import { useSelection } from '../search/selection';
import { SORT_OPTIONS, sortFromOption, sortOption } from '../search/searchState';
import type { SortOption } from '../search/searchState';
import { useAssetActions } from '../search/useAssetActions';
import { AssetViewer } from '../viewer/AssetViewer';
import { useCollection, useCollectionAssets } from './api';
import { ShareCollectionModal } from '../shareLinks/ShareCollectionModal';
import { CollectionFormModal } from './CollectionFormModal';
import { useDeleteCollectionAction } from './useDeleteCollection';
import classes from './Collections.module.css';
import searchClasses from '../search/Search.module.css';

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
  const [view, setView] = useLocalStorage<ViewMode>({
    key: VIEW_STORAGE_KEY,
    defaultValue: 'grid',
    getInitialValueInEffect: false,
  });
  const sel = useSelection(`collection:${id}:${sort}`);
  const actions = useAssetActions({ onDone: sel.clear });
  const removeAssets = useCollectionAssets();
  const [renaming, setRenaming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const askDelete = useDeleteCollectionAction(() => void navigate('/collections/own'));

  const setQuery = (key: string, value: string | null, replace = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace },
    );
  const viewId = Number(params.get('view'));
  const viewIndex = viewId ? items.findIndex((a) => a.id === viewId) : -1;
  const pushedView = useRef(false);
  const openViewer = (index: number) => {
    const a = items[index];
    if (!a) return;
    pushedView.current = true;
    setQuery('view', String(a.id), false);
  };
  const closeViewer = () => {
    if (pushedView.current) {
      pushedView.current = false;
      void navigate(-1);
    } else setQuery('view', null);
  };
  const loadMore = () => void query.fetchNextPage();

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
  const back = (
    <Anchor component={Link} to="/collections/own" size="sm" c="dimmed">
      <Group gap={4}>
        <IconArrowLeft size={14} />
        {t('collections.back')}
      </Group>
    </Anchor>
  );

  if (query.isError)
    return (
      <div className={classes.page}>
        <Stack gap="md">
          {back}
          <PageError error={query.error} onRetry={() => void query.refetch()} />
        </Stack>
      </div>
    );

  const abilities = collection?.abilities;
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
  else if (first.assets.total === 0)
    results = (
      <EmptyBlock
        icon={collection?.is_favorites ? <IconHeart size={28} stroke={1.6} /> : <IconFolders size={28} stroke={1.6} />}
        title={t(collection?.is_favorites ? 'collections.favoritesEmptyTitle' : 'collections.collectionEmptyTitle')}
        description={t(collection?.is_favorites ? 'collections.favoritesEmpty' : 'collections.collectionEmpty')}
        action={
          <Button component={Link} to="/brand" variant="light">
            {t('collections.browse')}
          </Button>
        }
      />
    );
  else
    results = (
      <Results
        items={items}
        view={view}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        onLoadMore={loadMore}
        selection={sel.selection}
        onToggle={(i, shift) => sel.toggle(items, i, shift)}
        onSelectAll={() => (items.every((a) => sel.selection.items.has(a.id)) ? sel.clear() : sel.selectAll(items))}
        onOpen={openViewer}
        actions={actions}
        sort={sort === 'added' ? { attribute: 'date', mode: 'latest' } : sortFromOption(sort as SortOption)}
        onSort={(s) => setQuery('sort', sortOption(s))}
      />
    );

  const pickBrands = new Set((actions.picking?.assets ?? []).map((a) => a.brand_id));
  const pickCount = actions.picking?.assets.length ?? 0;
  return (
    <div className={classes.page}>
      <Stack gap="md">
        {back}
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
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as ViewMode)}
            aria-label={t('search.view')}
            data={[
              { value: 'grid', label: <IconLayoutGrid size={16} aria-label={t('search.grid')} /> },
              { value: 'list', label: <IconList size={16} aria-label={t('search.list')} /> },
            ]}
          />
        </div>
        <section aria-label={t('assets.title')} aria-busy={query.isFetching} className={searchClasses.results}>
          {results}
        </section>
      </Stack>
      <SelectionBar
        selection={sel.selection}
        loadedCount={items.length}
        actions={actions}
        onSelectAll={() => sel.selectAll(items)}
        onClear={sel.clear}
      >
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
      <FolderPickerModal
        opened={actions.picking !== null}
        brandId={[...pickBrands][0] ?? 0}
        title={t(actions.picking?.kind === 'copy' ? 'search.copyTitle' : 'search.moveTitle', {
          count: pickCount,
          formatted: formatNumber(pickCount),
        })}
        confirmLabel={actions.picking?.kind === 'copy' ? t('search.copyHere') : t('search.moveHere')}
        pending={actions.pending}
        error={actions.error ?? undefined}
        onPick={actions.pick}
        onClose={actions.closePicker}
      />
      <AssetViewer
        items={items}
        index={viewIndex >= 0 ? viewIndex : null}
        onIndexChange={(i) => items[i] && setQuery('view', String(items[i].id))}
        onClose={closeViewer}
        hasMore={query.hasNextPage}
        onLoadMore={loadMore}
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
