import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { Notification, NotificationEvent, NotificationList, NotificationSettings } from '@brandvault/contract';
import { call } from '../../api/client';
import { useSession } from '../../state/session';

export const notificationKeys = {
  all: ['notifications'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export const NOTIFICATIONS_PER_PAGE = 20;
/** The stream brings changes as they happen; this only catches up if it could not connect. */
export const UNREAD_POLL_MS = 120_000;

type ListCache = InfiniteData<NotificationList>;
type Unread = { unread: number };

/** The bell's number (0 until known). Lives in the query cache, so it survives navigation. */
export function useUnreadCount(): number {
  const loggedIn = useSession((s) => s.isLoggedIn);
  const { data } = useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => call(routes.notificationUnread, { signal }),
    enabled: loggedIn,
    staleTime: 60_000,
    refetchInterval: UNREAD_POLL_MS,
  });
  return typeof data?.unread === 'number' ? data.unread : 0;
}

/** The caller's notifications, newest first, page after page (fetched when the list opens). */
export function useNotificationList(enabled: boolean) {
  const qc = useQueryClient();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: async ({ pageParam, signal }) => {
      const page = await call(routes.notificationList, {
        query: { page: pageParam, per_page: NOTIFICATIONS_PER_PAGE },
        signal,
      });
      qc.setQueryData<Unread>(notificationKeys.unread(), { unread: page.unread });
      return page;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.per_page < last.total ? last.page + 1 : undefined),
    enabled,
    staleTime: 30_000,
  });
}

/**
 * The items of every loaded page, once each: a notification prepended by the stream pushes the
 * server's pages along, so the next page may repeat the last one already shown.
 */
export function itemsOf(data: ListCache | undefined): Notification[] {
  const seen = new Set<number>();
  const out: Notification[] = [];
  for (const page of data?.pages ?? [])
    for (const item of Array.isArray(page?.items) ? page.items : []) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  return out;
}

function editList(qc: QueryClient, change: (items: Notification[]) => Notification[], unread?: number) {
  qc.setQueryData<ListCache>(notificationKeys.list(), (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((p) => ({ ...p, items: change(p.items), unread: unread ?? p.unread })),
        }
      : old,
  );
}

/**
 * One message of the stream, applied to the cache without asking the server again: the count as
 * it says, and the notification on top of the list (or in place, if it is already there).
 */
export function applyNotificationEvent(qc: QueryClient, event: NotificationEvent) {
  const { notification, unread } = event;
  qc.setQueryData<Unread>(notificationKeys.unread(), { unread });
  qc.setQueryData<ListCache>(notificationKeys.list(), (old) => {
    if (!old || old.pages.length === 0) return old;
    const known = old.pages.some((p) => p.items.some((n) => n.id === notification.id));
    const pages = old.pages.map((p, i) => {
      if (known) return { ...p, unread, items: p.items.map((n) => (n.id === notification.id ? notification : n)) };
      return i === 0
        ? { ...p, unread, total: p.total + 1, items: [notification, ...p.items] }
        : { ...p, unread, total: p.total + 1 };
    });
    return { ...old, pages };
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(routes.notificationRead, { params: { id } }),
    onMutate: (id) => {
      const now = new Date().toISOString();
      editList(qc, (items) => items.map((n) => (n.id === id && !n.read_at ? { ...n, read_at: now } : n)));
    },
    onSuccess: (answer) => {
      qc.setQueryData<Unread>(notificationKeys.unread(), { unread: answer.unread });
      editList(qc, (items) => items, answer.unread);
    },
    onError: () => void qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.notificationReadAll),
    onSuccess: (answer) => {
      const now = new Date().toISOString();
      qc.setQueryData<Unread>(notificationKeys.unread(), { unread: answer.unread });
      editList(qc, (items) => items.map((n) => (n.read_at ? n : { ...n, read_at: now })), answer.unread);
    },
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings(),
    queryFn: ({ signal }) => call(routes.notificationSettings, { signal }),
  });
}

export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettings) => call(routes.notificationSettingsUpdate, { body }),
    onSuccess: (answer) => qc.setQueryData(notificationKeys.settings(), answer),
  });
}
