import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { AssetCard, FolderNode, RouteBody } from '@brandvault/contract';
import { call, callForm, toFormData } from '../../api/client';
import type { CroppedFile } from '../brands/api';

export const folderKeys = {
  all: ['folders'] as const,
  trees: () => [...folderKeys.all, 'tree'] as const,
  tree: (brandId: number) => [...folderKeys.trees(), brandId] as const,
  details: () => [...folderKeys.all, 'detail'] as const,
  detail: (id: number) => [...folderKeys.details(), id] as const,
  assetLists: () => [...folderKeys.all, 'assets'] as const,
  assets: (id: number) => [...folderKeys.assetLists(), id] as const,
  assetPage: (id: number, page: number, perPage: number) => [...folderKeys.assets(id), page, perPage] as const,
  trash: (brandId: number) => [...folderKeys.all, 'trash', brandId] as const,
  stats: (id: number) => [...folderKeys.all, 'stats', id] as const,
};

export const FOLDER_ASSETS_PER_PAGE = 48;

/** The brand's folders only (no assets): the left tree and the folder pickers. */
export function useFolderTree(brandId: number | undefined) {
  return useQuery({
    queryKey: folderKeys.tree(brandId ?? 0),
    queryFn: ({ signal }) => call(routes.folderTree, { query: { brand_id: brandId, with: 'folders' }, signal }),
    enabled: brandId !== undefined,
  });
}

/** One folder with its breadcrumbs, subfolders and abilities. */
export const folderQuery = (id: number) => ({
  queryKey: folderKeys.detail(id),
  queryFn: ({ signal }: { signal?: AbortSignal }) => call(routes.folderGet, { params: { id }, signal }),
});

export function useFolder(id: number | undefined) {
  return useQuery({ ...folderQuery(id ?? 0), enabled: id !== undefined });
}

/** Stop polling after ~5 minutes of answers in case a derivative job never settles. */
export const POLL_LIMIT = 150;

/** Derivatives still being made: poll so thumbnails appear without a reload. */
export function hasPending(items: AssetCard[] | undefined): boolean {
  return Boolean(items?.some((a) => a.derivatives === 'pending'));
}

export function useFolderAssets(id: number | undefined, page: number, perPage = FOLDER_ASSETS_PER_PAGE) {
  return useQuery({
    queryKey: folderKeys.assetPage(id ?? 0, page, perPage),
    queryFn: ({ signal }) =>
      call(routes.folderAssets, { params: { id: id ?? 0 }, query: { page, per_page: perPage }, signal }),
    enabled: id !== undefined,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      hasPending(query.state.data?.items) && query.state.dataUpdateCount < POLL_LIMIT ? 2000 : false,
  });
}

/**
 * Tree and folder views change together after any folder operation; the Trash, the searches and
 * the brand's counts follow a deletion or a restore.
 */
function useInvalidateFolders(alsoAssets = false) {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: folderKeys.trees() }),
      qc.invalidateQueries({ queryKey: folderKeys.details() }),
      ...(alsoAssets
        ? [
            qc.invalidateQueries({ queryKey: [...folderKeys.all, 'trash'] }),
            qc.invalidateQueries({ queryKey: folderKeys.assetLists() }),
            qc.invalidateQueries({ queryKey: ['assets'] }),
            qc.invalidateQueries({ queryKey: ['brands'] }),
          ]
        : []),
    ]);
}

/** An update with a new picture goes as multipart (file `image`, JSON `image_crop`); else JSON. */
function sendUpdate(id: number, body: RouteBody<'folderUpdate'>, image?: CroppedFile | null) {
  if (!image) return call(routes.folderUpdate, { params: { id }, body });
  const { remove_image: _none, ...rest } = body;
  return callForm(routes.folderUpdate, {
    params: { id },
    form: toFormData({ ...rest, image: image.file, image_crop: image.crop }),
  });
}

/** Creating takes no file: a picture chosen in the form follows as the new folder's update. */
/** What a folder holds (its whole subtree), for the deletion's confirmation. */
export function fetchFolderStats(id: number) {
  return call(routes.folderStats, { body: { ids: [id] } }).then((r) => r.items.find((i) => i.id === id) ?? null);
}

/** The brand's Trash, newest first. */
export function useFolderTrash(brandId: number, page = 1, enabled = true) {
  return useQuery({
    queryKey: [...folderKeys.trash(brandId), page],
    queryFn: ({ signal }) => call(routes.folderTrash, { query: { brand_id: brandId, page, per_page: 50 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRestoreFolder() {
  const invalidate = useInvalidateFolders(true);
  return useMutation({
    mutationFn: (id: number) => call(routes.folderRestore, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function usePurgeFolder() {
  const invalidate = useInvalidateFolders(true);
  return useMutation({
    mutationFn: (id: number) => call(routes.folderPurge, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useCreateFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: async ({ body, image }: { body: RouteBody<'folderNew'>; image?: CroppedFile | null }) => {
      const made = await call(routes.folderNew, { body });
      return image ? sendUpdate(made.folder.id, {}, image) : made;
    },
    onSettled: invalidate,
  });
}

export function useUpdateFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ id, body, image }: { id: number; body: RouteBody<'folderUpdate'>; image?: CroppedFile | null }) =>
      sendUpdate(id, body, image),
    onSuccess: invalidate,
  });
}

export function useMoveFolder() {
  const invalidate = useInvalidateFolders();
  return useMutation({
    mutationFn: ({ id, parentId }: { id: number; parentId: number }) =>
      call(routes.folderMove, { params: { id }, body: { parent_id: parentId } }),
    onSuccess: invalidate,
  });
}

export function useRemoveFolder() {
  const invalidate = useInvalidateFolders(true);
  return useMutation({
    mutationFn: (id: number) => call(routes.folderRemove, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Depth-first list of a tree, for pickers and lookups. */
export function flattenTree(root: FolderNode, depth = 0, out: { node: FolderNode; depth: number }[] = []) {
  out.push({ node: root, depth });
  for (const child of root.children) flattenTree(child, depth + 1, out);
  return out;
}

/** The ids of a folder and everything under it (a move cannot land there). */
export function subtreeIds(root: FolderNode, id: number): Set<number> {
  const found = flattenTree(root).find((e) => e.node.id === id)?.node;
  return new Set(found ? flattenTree(found).map((e) => e.node.id) : []);
}

/** Ids from the root down to `id` (to open the tree along the current path). */
export function pathTo(root: FolderNode, id: number): number[] {
  if (root.id === id) return [root.id];
  for (const child of root.children) {
    const p = pathTo(child, id);
    if (p.length) return [root.id, ...p];
  }
  return [];
}
