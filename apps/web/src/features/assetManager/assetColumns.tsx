import { useState } from 'react';
import { Anchor, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { AssetManagerRow } from '@brandvault/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { ColumnDef } from '../../ui/adminTable';
import { formatBytes, formatDate, formatDateTime } from '../../i18n/format';
import { TypeIcon } from '../../ui/TypeIcon';
import classes from './AssetManager.module.css';

/** The folder as "Folder / Subfolder"; the brand's root by its own name. */
export const folderText = (t: TFunction, row: AssetManagerRow) =>
  row.folder.path.length ? row.folder.path.join(' / ') : t('folders.root');

function Thumb({ row }: { row: AssetManagerRow }) {
  const [failed, setFailed] = useState<string | null>(null);
  const url = row.thumbnail_url;
  return (
    <div className={classes.thumb}>
      {!url || failed === url ? (
        <TypeIcon type={row.type} size={20} />
      ) : (
        <img src={url} alt="" loading="lazy" onError={() => setFailed(url)} />
      )}
    </div>
  );
}

/** Never cut short: the table makes room for the whole word. */
const whole = { minWidth: 'max-content' } as const;

export function StatusBadge({ t, row }: { t: TFunction; row: AssetManagerRow }) {
  return (
    <Badge size="sm" variant="light" color={row.status === 'ACTIVE' ? 'teal' : 'red'} style={whole}>
      {t(`assetManager.status.${row.status}`)}
    </Badge>
  );
}

/**
 * The table's columns; a phone keeps the asset (with its brand, its size and, once removed, its
 * status under the name) and the actions. `open` runs before the link is followed (it selects the asset's brand).
 */
export function assetColumns(t: TFunction, open: (row: AssetManagerRow) => void): ColumnDef<AssetManagerRow>[] {
  return [
    {
      key: 'name',
      header: t('assetManager.columns.asset'),
      sortable: true,
      cell: (row) => (
        <Group gap="sm" wrap="nowrap" className={row.status === 'INACTIVE' ? classes.removed : undefined}>
          <Thumb row={row} />
          <div className={classes.name}>
            <Anchor
              component={Link}
              to={`/brand/asset/${row.id}`}
              onClick={() => open(row)}
              size="sm"
              className={classes.nameLink}
              title={row.name}
            >
              {row.name}
            </Anchor>
            <Group gap={6} wrap="nowrap">
              {row.visibility === 'PRIVATE' && (
                <Tooltip label={t('visibility.PRIVATE')}>
                  <IconLock size={12} aria-label={t('visibility.PRIVATE')} color="var(--mantine-color-gray-6)" />
                </Tooltip>
              )}
              {/* Phones have no status column: a removed asset says so here. */}
              {row.status === 'INACTIVE' && (
                <Badge size="xs" variant="light" color="red" hiddenFrom="sm" style={whole}>
                  {t('assetManager.status.INACTIVE')}
                </Badge>
              )}
              <Text size="xs" c="dimmed" truncate hiddenFrom="md">
                {row.brand.name} · {formatBytes(row.size)}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="md" tt="uppercase">
                {row.ext}
              </Text>
            </Group>
          </div>
        </Group>
      ),
    },
    {
      key: 'brand',
      header: t('assetManager.columns.brand'),
      visibleFrom: 'md',
      cell: (row) => <Text size="sm">{row.brand.name}</Text>,
    },
    {
      key: 'folder',
      header: t('assetManager.columns.folder'),
      visibleFrom: 'lg',
      cell: (row) => (
        <Text size="sm" c="dimmed" className={classes.path} title={folderText(t, row)}>
          {folderText(t, row)}
        </Text>
      ),
    },
    {
      key: 'type',
      header: t('assetManager.columns.type'),
      sortable: true,
      visibleFrom: 'sm',
      cell: (row) => <Text size="sm">{t(`assets.types.${row.type}`)}</Text>,
    },
    {
      key: 'size',
      header: t('assetManager.columns.size'),
      sortable: true,
      visibleFrom: 'sm',
      align: 'right',
      cell: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatBytes(row.size)}
        </Text>
      ),
    },
    {
      key: 'uploader',
      header: t('assetManager.columns.uploader'),
      visibleFrom: 'lg',
      cell: (row) => <Text size="sm">{row.uploader?.name || '—'}</Text>,
    },
    {
      key: 'date',
      header: t('assetManager.columns.date'),
      sortable: true,
      visibleFrom: 'md',
      cell: (row) => (
        <Tooltip label={t('assetManager.updated', { time: formatDateTime(row.updated_at) })}>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatDate(row.created_at)}
          </Text>
        </Tooltip>
      ),
    },
    {
      key: 'status',
      header: t('assetManager.columns.status'),
      visibleFrom: 'sm',
      cell: (row) => <StatusBadge t={t} row={row} />,
    },
  ];
}
