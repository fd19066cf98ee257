import { useState } from 'react';
import { Container } from '@mantine/core';
import { IconArrowsMove, IconExternalLink, IconPhoto, IconRestore, IconTrash } from '@tabler/icons-react';
import { ASSET_MANAGER_PER_PAGE, ASSET_MANAGER_SORTS, ASSET_TYPES, MAX_PER_PAGE } from '@brandvault/contract';
import type { AssetManagerRow, AssetManagerSort, AssetType } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AdminTable, useTableUrl } from '../../ui/adminTable';
import type { FilterDef, RowAction } from '../../ui/adminTable';
import { PageHeader } from '../../ui/PageHeader';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatNumber } from '../../i18n/format';
import { useCan } from '../../state/access';
import { FolderPickerModal } from '../folders/FolderPickerModal';
import { flattenTree, useFolderTree } from '../folders/api';
import { useUsers } from '../users/api';
import { useManagedAssets } from './api';
import type { AssetManagerListQuery } from './api';
import { assetColumns } from './assetColumns';
import { BulkBar } from './BulkBar';
import { useFollowBrand, useManagerActions } from './useManagerActions';

const PER_PAGE = ASSET_MANAGER_PER_PAGE;
const positive = (v: string | undefined) => (Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : undefined);

/**
 * assets.manage (/asset/manager, route guard asset.manage): every asset of the caller's brands,
 * removed ones included, filtered and sorted in the URL, with bulk remove, restore and move. This
 * is where a removed asset is found and restored.
 */
export default function AssetManagerPage() {
  const { t } = useTranslation();
  usePageTitle(t('assetManager.title'));
  const can = useCan();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const brandId = positive(params.get('brand') ?? undefined);
  const tree = useFolderTree(brandId);
  const people = useUsers({ page: 1, per_page: 100 }, { enabled: can.permission('user.view') });
  // The brands in reach come with the list, which is asked for with the state these filters
  // read: their choices are filled in below, once the answer (or the last one, while the next
  // loads) is known, before the toolbar renders them.
  const brandOptions: { value: string; label: string }[] = [];
  const filters: FilterDef[] = [
    {
      type: 'select',
      key: 'brand',
      label: t('assetManager.filters.brand'),
      allLabel: t('assetManager.filters.allBrands'),
      searchable: true,
      acceptUnlisted: true,
      resets: ['folder'],
      options: brandOptions,
    },
    {
      type: 'select',
      key: 'folder',
      label: t('assetManager.filters.folder'),
      allLabel: brandId ? t('assetManager.filters.allFolders') : t('assetManager.filters.pickBrand'),
      searchable: true,
      acceptUnlisted: true,
      disabled: !brandId,
      // The root is the whole brand; every other folder with its subfolders, indented by depth.
      options: tree.data
        ? flattenTree(tree.data.root)
            .slice(1)
            .map(({ node, depth }) => ({
              value: String(node.id),
              label: `${'\u00a0\u00a0'.repeat(depth - 1)}${node.name}`,
            }))
        : [],
    },
    {
      type: 'select',
      key: 'status',
      label: t('assetManager.filters.status'),
      allLabel: t('assetManager.filters.allStatuses'),
      options: (['ACTIVE', 'INACTIVE'] as const).map((s) => ({ value: s, label: t(`assetManager.status.${s}`) })),
    },
    {
      type: 'select',
      key: 'type',
      label: t('assetManager.filters.type'),
      allLabel: t('assetManager.filters.allTypes'),
      options: ASSET_TYPES.map((type) => ({ value: type, label: t(`assets.types.${type}`) })),
    },
    ...(can.permission('user.view')
      ? [
          {
            type: 'select' as const,
            key: 'uploader',
            label: t('assetManager.filters.uploader'),
            allLabel: t('assetManager.filters.allUploaders'),
            searchable: true,
            acceptUnlisted: true,
            options: (people.data?.items ?? []).map((u) => ({
              value: String(u.id),
              label: `${u.first_name} ${u.last_name}`.trim(),
            })),
          },
        ]
      : []),
    {
      type: 'dateRange',
      key: 'date',
      label: t('assetManager.filters.date'),
      fromLabel: t('assetManager.filters.from'),
      toLabel: t('assetManager.filters.to'),
    },
  ];
  const table = useTableUrl({
    filters,
    perPage: PER_PAGE,
    perPageOptions: [25, PER_PAGE, 100, MAX_PER_PAGE],
    sort: { keys: ASSET_MANAGER_SORTS, default: { key: 'date', dir: 'desc' } },
  });
  const { page, perPage, sort } = table.state;
  const f = table.state.filters;
  const query: AssetManagerListQuery = {
    page,
    ...(perPage !== PER_PAGE ? { per_page: perPage } : {}),
    sort: (sort?.key ?? 'date') as AssetManagerSort,
    dir: sort?.dir ?? 'desc',
    ...(brandId ? { brand: brandId } : {}),
    ...(brandId && positive(f.folder) ? { folder: positive(f.folder) } : {}),
    ...(f.status === 'ACTIVE' || f.status === 'INACTIVE' ? { status: f.status } : {}),
    ...(f.type ? { type: f.type as AssetType } : {}),
    ...(positive(f.uploader) ? { uploader: positive(f.uploader) } : {}),
    ...(f.date_from ? { from: f.date_from } : {}),
    ...(f.date_to ? { to: f.date_to } : {}),
  };
  const assets = useManagedAssets(query);
  for (const b of assets.data?.brands ?? []) brandOptions.push({ value: String(b.id), label: b.name });

  // A selection belongs to the page it was made on: another page, filter or order starts afresh.
  const listKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string | number> }>({ key: '', ids: new Set() });
  const selected = selection.key === listKey ? selection.ids : new Set<string | number>();
  const select = (ids: Set<string | number>) => setSelection({ key: listKey, ids });
  const clear = () => select(new Set());
  const rows = (assets.data?.items ?? []).filter((r) => selected.has(r.id));

  const actions = useManagerActions(clear);
  const follow = useFollowBrand();
  const open = (row: AssetManagerRow) => {
    follow(row);
    void navigate(`/brand/asset/${row.id}`);
  };
  const rowActions: RowAction<AssetManagerRow>[] = [
    { key: 'open', label: t('assetManager.open'), icon: <IconExternalLink size={16} />, onClick: open },
    {
      key: 'restore',
      label: t('assets.restore'),
      ariaLabel: (r) => t('assetManager.restoreNamed', { name: r.name }),
      icon: <IconRestore size={16} />,
      inline: true,
      hidden: (r) => !r.abilities.restore,
      disabled: () => actions.pending,
      onClick: (r) => actions.restore([r]),
    },
    {
      key: 'move',
      label: t('assets.move'),
      icon: <IconArrowsMove size={16} />,
      hidden: (r) => !r.abilities.move,
      onClick: (r) => actions.startMove([r]),
    },
    {
      key: 'remove',
      label: t('assets.remove'),
      icon: <IconTrash size={16} />,
      color: 'red',
      hidden: (r) => !r.abilities.remove,
      disabled: () => actions.pending,
      onClick: (r) => actions.remove([r]),
    },
  ];

  return (
    <Container size="xl" py="xl">
      <PageHeader title={t('assetManager.title')} description={t('assetManager.subtitle')} />
      <AdminTable<AssetManagerRow>
        table={table}
        query={assets}
        label={t('assetManager.tableLabel')}
        columns={assetColumns(t, follow)}
        rowKey={(r) => r.id}
        rowName={(r) => r.name}
        rowProps={(r) => ({ 'data-testid': `asset-manager-row-${r.id}`, 'data-status': r.status })}
        actions={rowActions}
        selection={{
          selected,
          onChange: select,
          label: (r) => t('search.select', { name: r.name }),
          allLabel: t('assetManager.selectPage'),
        }}
        empty={{
          icon: <IconPhoto size={28} stroke={1.6} />,
          title: t('assetManager.emptyTitle'),
          description: t('assetManager.empty'),
        }}
        noMatch={{ title: t('assetManager.noMatchTitle'), description: t('assetManager.noMatch') }}
        range={(r) => t(assets.data?.total_capped ? 'assetManager.rangeCapped' : 'assetManager.range', r)}
      />
      <BulkBar rows={rows} actions={actions} onClear={clear} />
      <FolderPickerModal
        opened={actions.picker.opened}
        brandId={actions.picker.brandId}
        title={t('search.moveTitle', { count: actions.picker.count, formatted: formatNumber(actions.picker.count) })}
        confirmLabel={t('search.moveHere')}
        pending={actions.picker.pending}
        error={actions.picker.error}
        onPick={actions.picker.onPick}
        onClose={actions.picker.onClose}
      />
    </Container>
  );
}
