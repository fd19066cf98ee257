import { useRef } from 'react';
import { useLocalStorage } from '@mantine/hooks';
import type { AssetCard } from '@brandvault/contract';
import { useNavigate } from 'react-router';
import type { SetURLSearchParams } from 'react-router';
import type { ViewMode } from './Results';
import { useSelection } from './selection';
import { useAssetActions } from './useAssetActions';
import { VIEW_STORAGE_KEY } from './viewKeys';

/** The grid or list view, kept per browser (people settle on one); every user of the same key follows a change at once. */
export const useViewMode = () =>
  useLocalStorage<ViewMode>({ key: VIEW_STORAGE_KEY, defaultValue: 'grid', getInitialValueInEffect: false });

interface Source {
  /** The loaded results, in the order they are shown. */
  items: AssetCard[];
  /** Names the result set: the selection starts afresh when it changes. */
  selectionScope: string;
  params: URLSearchParams;
  setParams: SetURLSearchParams;
  fetchNextPage: () => unknown;
}

/**
 * The wiring every page of asset results shares (the searcher, a collection): the grid or list
 * view, the selection and its actions, and the open viewer kept in the URL.
 */
export function useResultsPage({ items, selectionScope, params, setParams, fetchNextPage }: Source) {
  const navigate = useNavigate();
  const [view, setView] = useViewMode();
  const sel = useSelection(selectionScope);
  const actions = useAssetActions({ onDone: sel.clear });

  // The open viewer's asset is in the URL (view=<id>) so a reload or a shared link reopens it.
  const viewId = Number(params.get('view'));
  const viewIndex = viewId ? items.findIndex((a) => a.id === viewId) : -1;
  const pushedView = useRef(false);
  const setViewParam = (id: number | null, replace: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null) next.delete('view');
        else next.set('view', String(id));
        return next;
      },
      { replace },
    );
  const openViewer = (index: number) => {
    const a = items[index];
    if (!a) return;
    pushedView.current = true;
    setViewParam(a.id, false);
  };
  const closeViewer = () => {
    // Opening added a history entry: leaving it keeps Back meaning "back from this page".
    if (pushedView.current) {
      pushedView.current = false;
      void navigate(-1);
    } else setViewParam(null, true);
  };
  const showInViewer = (index: number) => {
    const a = items[index];
    if (a) setViewParam(a.id, true);
  };

  const allLoadedSelected = items.length > 0 && items.every((a) => sel.selection.items.has(a.id));
  const loadMore = () => void fetchNextPage();
  return {
    view,
    setView,
    sel,
    actions,
    /** What the grid or list takes from here; the page adds paging state and sort. */
    results: {
      items,
      view,
      onLoadMore: loadMore,
      selection: sel.selection,
      onToggle: (i: number, shift: boolean) => sel.toggle(items, i, shift),
      onSelectAll: () => (allLoadedSelected ? sel.deselect(items) : sel.selectAll(items)),
      onOpen: openViewer,
      actions,
    },
    selectionBar: {
      selection: sel.selection,
      loadedCount: items.length,
      actions,
      onSelectAll: () => sel.selectAll(items),
      onClear: sel.clear,
    },
    /** What the viewer takes from here; the page adds paging state and the total. */
    viewer: {
      items,
      index: viewIndex >= 0 ? viewIndex : null,
      onIndexChange: showInViewer,
      onClose: closeViewer,
      onLoadMore: loadMore,
    },
  };
}
