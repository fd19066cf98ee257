import { useEffect, useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { Loader, Text } from '@mantine/core';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { AssetCard } from '@brandvault/contract';
import { useTranslation } from 'react-i18next';
import { AssetRow, ListHeader, ROW_HEIGHT } from './AssetRow';
import { AssetTile, AssetTileSkeleton } from './AssetTile';
import type { ListColumns } from './listColumns';
import type { SearchState } from './searchState';
import type { Selection } from './selection';
import type { AssetActions } from './useAssetActions';
import classes from './Search.module.css';

export type ViewMode = 'grid' | 'list';

const GAP = 16;
const MIN_CARD = 200;
/** On a phone a 200 px card would stand alone in its row: two or three smaller ones fit instead. */
const MIN_CARD_NARROW = 128;
const NARROW = 448;
/** Name and badge line under the square thumbnail, borders included. */
const CARD_INFO = 62;

/** Cards per row for a container width: as many 200 px cards as fit (UX: 200–240 px), 128 px on a phone. */
export function columnsFor(width: number) {
  const min = width < NARROW ? MIN_CARD_NARROW : MIN_CARD;
  return Math.max(1, Math.floor((width + GAP) / (min + GAP)));
}

/**
 * The list's width and its distance from the top of the page, which the window virtualiser
 * needs (folder cards and headers above it change height as they load).
 */
function useBox() {
  // A callback ref: switching grid ⇄ list mounts a new element, which must be observed afresh.
  const [el, ref] = useState<HTMLDivElement | null>(null);
  const [box, setBox] = useState({ width: 0, top: 0 });
  useEffect(() => {
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      const next = { width: Math.round(r.width), top: Math.round(r.top + window.scrollY) };
      setBox((b) => (b.width === next.width && b.top === next.top ? b : next));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [el]);
  return { ref, ...box };
}

interface Props {
  items: AssetCard[];
  view: ViewMode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  selection: Selection;
  onToggle: (index: number, shift: boolean) => void;
  onSelectAll: () => void;
  onOpen?: (index: number) => void;
  actions: AssetActions;
  sort: SearchState['sort'];
  onSort: (sort: SearchState['sort']) => void;
  /** The brand fields the list can show as columns, and those it shows. */
  columns?: ListColumns;
}

/** Only the rows on screen exist in the page, so 10,000 loaded items scroll like 50. */
export function Results(props: Props) {
  const { items, view, hasMore, loadingMore, onLoadMore } = props;
  const { t } = useTranslation();
  const box = useBox();
  const cols = view === 'grid' ? columnsFor(box.width) : 1;
  const cardWidth = (box.width - GAP * (cols - 1)) / cols;
  const rowHeight = view === 'grid' ? Math.max(120, cardWidth) + CARD_INFO + GAP : ROW_HEIGHT;
  const dataRows = Math.ceil(items.length / cols);
  // One more row at the end holds the "loading more" skeletons.
  const count = dataRows + (hasMore ? 1 : 0);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: view === 'grid' ? 1 : 5,
    scrollMargin: box.top,
  });
  const rows = virtualizer.getVirtualItems();
  const last = rows.at(-1)?.index ?? 0;

  // A new width or view changes every row's height: forget the old measurements.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight, cols]);

  useEffect(() => {
    if (hasMore && !loadingMore && last >= dataRows - 2) onLoadMore();
  }, [hasMore, loadingMore, last, dataRows, onLoadMore]);

  const item = (a: AssetCard, index: number) => {
    const common = {
      asset: a,
      selected: props.selection.items.has(a.id),
      index,
      onToggle: props.onToggle,
      onOpen: props.onOpen,
      actions: props.actions,
    };
    return view === 'grid' ? (
      <AssetTile key={a.id} {...common} />
    ) : (
      <AssetRow key={a.id} {...common} fields={props.columns?.shown} />
    );
  };

  // Every scroll frame renders this component: count the selected cards only when they change.
  const selected = props.selection.items;
  const loaded = useMemo(() => items.filter((a) => selected.has(a.id)).length, [items, selected]);
  const body = (
    <div
      ref={box.ref}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      data-selecting={props.selection.items.size > 0 || undefined}
      data-testid="search-results"
      data-view={view}
    >
      {rows.map((row) => {
        const start = row.index * cols;
        const slice = items.slice(start, start + cols);
        return (
          <div
            key={row.key}
            data-index={row.index}
            // Measured, not assumed: the card's text lines decide the row's real height.
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            {row.index >= dataRows ? (
              view === 'grid' ? (
                <div className={classes.gridRow} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
                  {Array.from({ length: cols }, (_, i) => (
                    <AssetTileSkeleton key={i} />
                  ))}
                </div>
              ) : (
                <Text size="sm" c="dimmed" ta="center" py="md" component="div">
                  <Loader size="xs" mr="xs" display="inline-block" />
                  {t('search.loadingMore')}
                </Text>
              )
            ) : view === 'grid' ? (
              <div className={classes.gridRow} style={{ gridTemplateColumns: `repeat(${cols}, minmax(0, 1fr))` }}>
                {slice.map((a, i) => item(a, start + i))}
              </div>
            ) : (
              item(slice[0]!, start)
            )}
          </div>
        );
      })}
    </div>
  );

  if (view === 'grid') return body;
  const extra = props.columns?.shown.length ?? 0;
  return (
    // Chosen fields widen the rows past the list's width: the list scrolls sideways then, so no
    // column is squeezed to an unreadable sliver.
    <div className={classes.list} data-testid="search-list">
      <div
        className={classes.listInner}
        data-fields={extra || undefined}
        // One more grid track per chosen field, between the fixed columns and the row's menu.
        style={
          extra
            ? ({
                '--field-cols': `repeat(${extra}, minmax(var(--field-col-min), 1fr))`,
                '--field-count': extra,
              } as CSSProperties)
            : undefined
        }
      >
        <ListHeader
          columns={props.columns}
          sort={props.sort}
          onSort={props.onSort}
          allSelected={items.length > 0 && loaded === items.length}
          someSelected={loaded > 0}
          onSelectAll={props.onSelectAll}
        />
        {body}
      </div>
    </div>
  );
}
