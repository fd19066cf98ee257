import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { DownloadItem, DownloadRequest } from '@brandvault/contract';
import { call } from '../../api/client';
import { useJobStarted } from '../jobs/api';

/** Keys: every download query sits under `downloads`, so one invalidation refreshes them all. */
export const downloadKeys = {
  all: ['downloads'] as const,
  list: (page: number) => [...downloadKeys.all, 'list', page] as const,
};

export const DOWNLOADS_PER_PAGE = 20;

/** The caller's zips and PDFs, newest first, one page at a time. */
export function useDownloads(page: number) {
  return useQuery({
    queryKey: downloadKeys.list(page),
    queryFn: ({ signal }) => call(routes.downloadList, { query: { page, per_page: DOWNLOADS_PER_PAGE }, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Queues a zip or PDF: the shell's jobs indicator and the downloads page learn of it at once.
 * The server's 422 (field messages in the user's language) and 404 come back as ApiError.
 */
export function useQueueDownload() {
  const qc = useQueryClient();
  const jobStarted = useJobStarted();
  return useMutation({
    mutationFn: (body: DownloadRequest) => call(routes.downloadQueue, { body }),
    onSuccess: () => {
      void jobStarted();
      void qc.invalidateQueries({ queryKey: downloadKeys.all });
    },
  });
}

/** Hands a same-origin address to the browser's own download (the answer is an attachment). */
export function follow(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/**
 * Asks for the download again (its signed address lives minutes, a list may be older) and
 * follows the fresh address. Answers the download as it is now, e.g. expired and without one.
 */
export async function fetchDownload(id: number): Promise<DownloadItem> {
  const item = await call(routes.downloadGet, { params: { id } });
  if (item.state === 'ready' && item.url) follow(item.url, item.name);
  return item;
}
