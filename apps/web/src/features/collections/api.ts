import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COLLECTION_ASSETS_MAX, routes } from '@brandvault/contract';
import type { CollectionSort, FavoriteIds } from '@brandvault/contract';
import { call } from '../../api/client';
import { useSession } from '../../state/session';

/** Keys: every collection query sits under `collections`, so one invalidation refreshes them all. */
export const collectionKeys = {
  all: ['collections'] as const,
  favorites: () => [...collectionKeys.all, 'favorites'] as const,
  lists: () => [...collectionKeys.all, 'list'] as const,
  list: (q: string) => [...collectionKeys.lists(), q] as const,
  details: () => [...collectionKeys.all, 'detail'] as const,
  detail: (id: number, sort: CollectionSort) => [...collectionKeys.details(), id, sort] as const,
};

export const COLLECTION_PAGE_SIZE = 100;
export const COLLECTIONS_PER_PAGE = 200;

/** Bulk calls take at most COLLECTION_ASSETS_MAX ids: bigger selections go in turns. */
function chunks(ids: number[]) {
  const out: number[][] = [];
  for (let i = 0; i < ids.length; i += COLLECTION_ASSETS_MAX) out.push(ids.slice(i, i + COLLECTION_ASSETS_MAX));
  return out;
}

/** The ids of the caller's favourite assets (the hearts), and the favourites collection's id. */
export function useFavorites() {
  const loggedIn = useSession((s) => s.isLoggedIn);
  return useQuery({
    queryKey: collectionKeys.favorites(),
    queryFn: ({ signal }) => call(routes.favoritesAssets, { signal }),
    enabled: loggedIn,
    staleTime: 30_000,
    select: (d) => ({ id: d.collection_id, ids: new Set(d.asset_ids) }),
  });
}

export function useToggleFavorite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, on }: { ids: number[]; on: boolean }) =>
      call(on ? routes.favoritesAdd : routes.favoritesRemove, { body: { ids } }),
    // The heart answers at once; the server's answer (or a refusal) settles it.
    onMutate: async ({ ids, on }) => {
      await qc.cancelQueries({ queryKey: collectionKeys.favorites() });
      const before = qc.getQueryData<FavoriteIds>(collectionKeys.favorites());
      if (before) {
        const set = new Set(before.asset_ids);
        for (const id of ids)
          if (on) set.add(id);
          else set.delete(id);
        qc.setQueryData<FavoriteIds>(collectionKeys.favorites(), { ...before, asset_ids: [...set] });
      }
      return { before };
    },
    onError: (_e, _v, context) => {
      if (context?.before) qc.setQueryData(collectionKeys.favorites(), context.before);
    },
    onSuccess: (answer) => {
      qc.setQueryData(collectionKeys.favorites(), answer);
      void qc.invalidateQueries({ queryKey: collectionKeys.details() });
      void qc.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}

/** The caller's collections (one page of up to 200, filtered by name). */
export function useOwnCollections(q = '') {
  return useQuery({
    queryKey: collectionKeys.list(q),
    queryFn: ({ signal }) =>
      call(routes.collectionOwnList, {
        query: { per_page: COLLECTIONS_PER_PAGE, ...(q ? { q } : {}) },
        signal,
      }),
  });
}

/** One collection and its visible assets, page after page. */
export function useCollection(id: number, sort: CollectionSort) {
  return useInfiniteQuery({
    queryKey: collectionKeys.detail(id, sort),
    queryFn: ({ pageParam, signal }) =>
      call(routes.collectionOwnView, {
        params: { id },
        query: { page: pageParam, per_page: COLLECTION_PAGE_SIZE, sort },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.assets.page * last.assets.per_page < last.assets.total ? last.assets.page + 1 : undefined,
    enabled: id > 0,
  });
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: collectionKeys.all });
}

export function useCreateCollection() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ name, assetIds = [] }: { name: string; assetIds?: number[] }) => {
      const [first = [], ...rest] = chunks(assetIds);
      const made = await call(routes.collectionNew, { body: { name, asset_ids: first } });
      for (const ids of rest)
        await call(routes.collectionAssetsAdd, { params: { id: made.collection.id }, body: { ids } });
      return made;
    },
    onSettled: invalidate,
  });
}

export function useRenameCollection() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      call(routes.collectionUpdate, { params: { id }, body: { name } }),
    onSettled: invalidate,
  });
}

export function useDeleteCollection() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.collectionDelete, { params: { id } }),
    onSuccess: (_a, id) => {
      qc.removeQueries({ queryKey: [...collectionKeys.details(), id] });
      void qc.invalidateQueries({ queryKey: collectionKeys.lists() });
    },
  });
}

/** Adds (or removes) many assets, in turns of COLLECTION_ASSETS_MAX; answers how many changed. */
export function useCollectionAssets() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, ids, add }: { id: number; ids: number[]; add: boolean }) => {
      let changed = 0;
      for (const part of chunks(ids)) {
        const r = await call(add ? routes.collectionAssetsAdd : routes.collectionAssetsRemove, {
          params: { id },
          body: { ids: part },
        });
        changed += r.changed;
      }
      return changed;
    },
    onSettled: invalidate,
  });
}

export function useFolderToCollection() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ folderId, name, subfolders }: { folderId: number; name: string; subfolders: boolean }) =>
      call(routes.folderToCollection, { params: { id: folderId }, body: { name, subfolders } }),
    onSettled: invalidate,
  });
}
