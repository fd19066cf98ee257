import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type {
  AssetTemplateRequest,
  AuditQuery,
  ImportApplyBody,
  ImportKind,
  RouteDef,
  RowOutcome,
  TemplateImport,
  UserReportQuery,
} from '@brandvault/contract';
import { buildUrl, call, callForm, readError } from '../../api/client';
import { xsrfToken } from '../../api/csrf';
import { unexpected } from '../../api/errors';
import { currentLang } from '../../i18n';
import { useSession } from '../../state/session';
import { follow } from '../downloads/api';
import { useJobStarted } from '../jobs/api';

/** Keys: every import query sits under `imports`, so one invalidation refreshes them all. */
export const importKeys = {
  all: ['imports'] as const,
  list: (page: number) => [...importKeys.all, 'list', page] as const,
  one: (id: number) => [...importKeys.all, 'one', id] as const,
  rows: (id: number, outcome: RowOutcome | null, page: number) =>
    [...importKeys.all, 'rows', id, outcome, page] as const,
};

/** A job is still working on it (or will, at its time): its page keeps asking. */
export const isBusy = (i: Pick<TemplateImport, 'state'>) =>
  i.state === 'previewing' || i.state === 'applying' || i.state === 'scheduled';
export const IMPORT_POLL_MS = 1000;
export const IMPORT_ROWS_PER_PAGE = 50;

export function useImports(page: number) {
  return useQuery({
    queryKey: importKeys.list(page),
    queryFn: ({ signal }) => call(routes.importList, { query: { page, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** One import, followed while a job works on it. */
export function useImport(id: number) {
  return useQuery({
    queryKey: importKeys.one(id),
    queryFn: ({ signal }) => call(routes.importGet, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data && isBusy(q.state.data) ? IMPORT_POLL_MS : false),
  });
}

export function useImportRows(id: number, outcome: RowOutcome | null, page: number, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.rows(id, outcome, page),
    queryFn: ({ signal }) =>
      call(routes.importRows, {
        params: { id },
        query: { page, per_page: IMPORT_ROWS_PER_PAGE, ...(outcome ? { outcome } : {}) },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** Uploads an edited template (§3 field `template`): its preview job starts at once. */
export function useUploadTemplate(kind: ImportKind) {
  const qc = useQueryClient();
  const jobStarted = useJobStarted();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('template', file, file.name);
      return callForm(kind === 'assets' ? routes.reportAssetTemplateUpdate : routes.reportUserTemplateUpdate, { form });
    },
    onSuccess: () => {
      void jobStarted();
      void qc.invalidateQueries({ queryKey: importKeys.all });
    },
  });
}

export function useApplyImport(id: number) {
  const qc = useQueryClient();
  const jobStarted = useJobStarted();
  return useMutation({
    mutationFn: (body: ImportApplyBody) => call(routes.importApply, { params: { id }, body }),
    onSuccess: (r) => {
      qc.setQueryData(importKeys.one(id), r.import);
      void jobStarted();
      void qc.invalidateQueries({ queryKey: importKeys.all });
    },
  });
}

export function useCancelImport(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.importCancel, { params: { id } }),
    onSuccess: (r) => {
      qc.setQueryData(importKeys.one(id), r.import);
      void qc.invalidateQueries({ queryKey: importKeys.all });
    },
  });
}

/** Sends a report by e-mail: a job produces it; the shell's jobs indicator shows it. */
export function useSendReport() {
  const jobStarted = useJobStarted();
  return useMutation({
    mutationFn: (r: { kind: 'assets'; body: AssetTemplateRequest } | { kind: 'users'; body: UserReportQuery }) =>
      r.kind === 'assets'
        ? call(routes.reportAssetTemplateSend, { body: r.body })
        : call(routes.reportUserTemplateSend, { body: r.body }),
    onSuccess: () => void jobStarted(),
  });
}

/** The file name of an attachment answer (its UTF-8 form first), else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const utf = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf) return decodeURIComponent(utf);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Calls a route that answers a file (`raw` xlsx reports) with the session's bearer, language and
 * XSRF header, and hands the file to the browser's own download. Errors come back as ApiError,
 * as with `call`.
 */
export async function saveFile(
  route: RouteDef,
  opts: { params?: unknown; query?: unknown; body?: unknown },
  fallbackName: string,
): Promise<void> {
  const headers: Record<string, string> = { 'Accept-Language': currentLang() };
  const token = useSession.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (route.method !== 'GET') {
    const xsrf = await xsrfToken();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(route.path, opts.params, opts.query), {
      method: route.method,
      headers,
      credentials: 'include',
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  } catch {
    throw unexpected(0);
  }
  if (!res.ok) throw await readError(res);
  const url = URL.createObjectURL(await res.blob());
  try {
    follow(url, fileNameOf(res.headers.get('content-disposition'), fallbackName));
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

export const saveAssetTemplate = (body: AssetTemplateRequest) =>
  saveFile(routes.reportAssetTemplate, { body }, 'template.xlsx');
export const saveUsersReport = (query: UserReportQuery) => saveFile(routes.reportUsers, { query }, 'users.xlsx');
export const saveImportResult = (id: number) => saveFile(routes.importResult, { params: { id } }, 'result.xlsx');
export const saveAuditReport = (query: AuditQuery) =>
  saveFile(routes.reportAuditTemplate, { body: query }, 'audit.xlsx');
