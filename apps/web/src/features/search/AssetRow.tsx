import { memo } from 'react';
import { Checkbox, Loader, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconFolder } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MetadataField, SearchCard } from '@brandvault/contract';
import { formatBytes, formatDate } from '../../i18n/format';
import { VisibilityBadge } from '../../ui/VisibilityBadge';
import { FavoriteButton } from '../collections/FavoriteButton';
import { AvailabilityBadges } from '../assets/availability';
import assetClasses from '../assets/Assets.module.css';
import { AssetMenu } from './AssetMenu';
import { useResultFolder } from './folderPaths';
import { Thumb, openHandler } from './AssetTile';
import type { ItemProps } from './AssetTile';
import { ColumnsMenu, FieldCells, FieldHeads } from './FieldColumns';
import type { ListColumns } from './listColumns';
import { sortFromOption, sortOption } from './searchState';
import type { SearchState, SortAttribute, SortOption } from './searchState';
import classes from './Search.module.css';

/** Every list row is this tall: the virtualiser counts on it. */
export const ROW_HEIGHT = 56;

/**
 * List row: thumbnail, name, type and extension, size, author, date, visibility, the chosen brand
 * fields, menu; on a phone, thumbnail and name with type and size on a second line.
 */
export const AssetRow = memo(function AssetRow({
  asset,
  index,
  selected,
  onToggle,
  onOpen,
  actions,
  fields = [],
}: ItemProps & { fields?: readonly MetadataField[] }) {
  const { t } = useTranslation();
  const where = useResultFolder(asset.folder_id);
  return (
    <div
      className={classes.row}
      data-selected={selected || undefined}
      data-testid={`asset-row-${asset.id}`}
      data-asset-name={asset.name}
      data-tour="asset-card"
    >
      <Checkbox
        size="xs"
        checked={selected}
        aria-label={t('search.select', { name: asset.name })}
        onChange={() => undefined}
        onClick={(e) => onToggle(index, e.shiftKey)}
        onKeyDown={(e) => e.key === 'Enter' && onToggle(index, e.shiftKey)}
      />
      <div className={classes.rowThumb}>
        {asset.derivatives === 'pending' ? (
          <Loader size="xs" aria-label={t('assets.processing')} />
        ) : (
          <Thumb asset={asset} iconSize={22} />
        )}
      </div>
      <Link
        to={`/brand/asset/${asset.id}`}
        className={classes.rowName}
        onClick={openHandler(index, onOpen)}
        title={asset.name}
      >
        <p className={classes.cardName}>{asset.name}</p>
        {where && (
          <p
            className={`${classes.small} ${classes.truncate} ${classes.rowPath}`}
            title={where.path}
            data-testid="result-folder"
          >
            <IconFolder size={11} aria-hidden className={classes.folderGlyph} />
            <span className={classes.srOnly}>{t('search.inFolder')} </span>
            {where.path}
          </p>
        )}
        <p className={`${classes.small} ${classes.truncate} ${classes.rowSub}`} data-testid="row-sub">
          {[t(`assets.types.${asset.type}`), asset.ext?.toUpperCase(), formatBytes(asset.size), where?.path]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </Link>
      <div className={classes.cardMeta} data-column>
        <p className={`${classes.small} ${classes.truncate}`}>{t(`assets.types.${asset.type}`)}</p>
        {asset.ext && <span className={classes.extBadge}>{asset.ext.toUpperCase()}</span>}
      </div>
      <p className={classes.small} data-column>
        {formatBytes(asset.size)}
      </p>
      <p className={`${classes.small} ${classes.truncate}`} data-wide>
        {asset.author ?? '—'}
      </p>
      <p className={classes.small} data-column>
        {formatDate(asset.created_at)}
      </p>
      <div data-wide className={assetClasses.badges}>
        <VisibilityBadge visibility={asset.visibility} />
        <AvailabilityBadges availability={asset.availability} review={asset.review} />
      </div>
      <FieldCells shown={fields} values={(asset as SearchCard).field_values} />
      <div className={classes.rowActions}>
        <FavoriteButton assetId={asset.id} name={asset.name} />
        <AssetMenu asset={asset} actions={actions} onPreview={onOpen && (() => onOpen(index))} />
      </div>
    </div>
  );
});

/** Where a column's first click starts: names and types A–Z, the newest and the largest first. */
const FIRST: Record<SortAttribute, SortOption> = {
  name: 'name-asc',
  type: 'type-asc',
  date: 'date-latest',
  size: 'size-desc',
};
const OTHER_WAY: Record<SortOption, SortOption> = {
  'name-asc': 'name-desc',
  'name-desc': 'name-asc',
  'type-asc': 'type-desc',
  'type-desc': 'type-asc',
  'date-latest': 'date-oldest',
  'date-oldest': 'date-latest',
  'size-desc': 'size-asc',
  'size-asc': 'size-desc',
};

/**
 * The list's header; name, type, size and date sort the results (the same sorts as the dropdown),
 * and so do the chosen number and date fields; its last cell chooses the fields shown.
 */
export function ListHeader({
  sort,
  onSort,
  allSelected,
  someSelected,
  onSelectAll,
  columns,
}: {
  columns?: ListColumns;
  sort: SearchState['sort'];
  onSort: (sort: SearchState['sort']) => void;
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll: () => void;
}) {
  const { t } = useTranslation();
  const option = sortOption(sort);
  const head = (attribute: SortAttribute) => {
    const active = option.startsWith(`${attribute}-`);
    const ascending = option.endsWith('-asc') || option === 'date-oldest';
    // A second click on the active column turns its order round.
    const next = active ? OTHER_WAY[option] : FIRST[attribute];
    const Arrow = ascending ? IconArrowUp : IconArrowDown;
    return (
      <UnstyledButton
        className={classes.headButton}
        onClick={() => onSort(sortFromOption(next))}
        aria-label={t('search.sortByColumn', { column: t(`search.columns.${attribute}`) })}
        aria-pressed={active}
      >
        {t(`search.columns.${attribute}`)}
        {active && <Arrow size={12} aria-hidden />}
      </UnstyledButton>
    );
  };
  return (
    <div className={classes.listHead} role="presentation">
      <Checkbox
        size="xs"
        checked={allSelected}
        indeterminate={someSelected && !allSelected}
        aria-label={t('search.selectAll')}
        onChange={onSelectAll}
      />
      <span />
      {head('name')}
      <span data-column>{head('type')}</span>
      <span data-column>{head('size')}</span>
      <span data-wide>{t('search.columns.author')}</span>
      <span data-column>{head('date')}</span>
      <span data-wide>{t('search.columns.visibility')}</span>
      {columns && <FieldHeads shown={columns.shown} sort={sort} onSort={onSort} />}
      <span className={classes.headEnd} data-column>
        {columns && <ColumnsMenu columns={columns} />}
      </span>
    </div>
  );
}
