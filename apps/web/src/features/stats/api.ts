import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { call } from '../../api/client';

/** What the dashboard shows: one brand or all the caller's, over a period of days. */
export interface DashboardScope {
  brandId: number | undefined;
  days: number;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  assets: (s: DashboardScope) => [...dashboardKeys.all, 'assets', s] as const,
  users: (s: DashboardScope) => [...dashboardKeys.all, 'users', s] as const,
  folders: (brandId: number) => [...dashboardKeys.all, 'folders', brandId] as const,
  recent: () => [...dashboardKeys.all, 'recent'] as const,
  queue: () => [...dashboardKeys.all, 'queue'] as const,
};

const scopeBody = (s: DashboardScope) => ({ ...(s.brandId ? { brand_id: s.brandId } : {}), days: s.days });

/** Assets, storage, uploads, downloads and the caller's own activity (`PUT ops/asset/statistics`). */
export function useAssetStats(s: DashboardScope) {
  return useQuery({
    queryKey: dashboardKeys.assets(s),
    queryFn: ({ signal }) => call(routes.assetStats, { body: scopeBody(s), signal }),
    placeholderData: keepPreviousData,
  });
}

/** People: pending approvals and the most active (`PUT ops/users/statistics`, user.view). */
export function useUserStats(s: DashboardScope, enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.users(s),
    queryFn: ({ signal }) => call(routes.userStats, { body: scopeBody(s), signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * The brand's top-level folders with their assets, bytes and downloads: the folder tree gives the
 * folders, `PUT ops/folder/statistics` their figures; sorted by bytes, largest first.
 */
export function useFolderStats(brandId: number | undefined) {
  return useQuery({
    queryKey: dashboardKeys.folders(brandId ?? 0),
    enabled: brandId !== undefined,
    queryFn: async ({ signal }) => {
      const tree = await call(routes.folderTree, { query: { brand_id: brandId!, with: 'folders' }, signal });
      const top = tree.root.children.slice(0, 500);
      if (!top.length) return [];
      const { items } = await call(routes.folderStats, { body: { ids: top.map((f) => f.id) }, signal });
      const byId = new Map(items.map((i) => [i.id, i]));
      return top
        .flatMap((f) => {
          const s = byId.get(f.id);
          return s ? [{ ...s, name: f.name, visibility: f.visibility }] : [];
        })
        .sort((a, b) => b.bytes - a.bytes || b.assets - a.assets);
    },
  });
}

/** The newest audit entries: everyone's for administrators, the caller's own otherwise. */
export function useRecentActivity(limit = 8) {
  return useQuery({
    queryKey: dashboardKeys.recent(),
    queryFn: ({ signal }) => call(routes.auditRecent, { query: { limit }, signal }),
  });
}

/** How many jobs wait, run and failed today, per name (administrators). */
export function useJobsQueue(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.queue(),
    queryFn: ({ signal }) => call(routes.jobsQueue, { signal }),
    enabled,
    refetchInterval: 15_000,
  });
}
