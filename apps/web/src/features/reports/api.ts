import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type {
  AssetTemplateRequest,
  ImportApplyBody,
  ImportKind,
  RowOutcome,
  TemplateImport,
  UserReportQuery,
} from '@brandvault/contract';
import { call, callForm } from '../../api/client';
import { useJobStarted } from '../jobs/api';
import { saveFile } from './fileCall';

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

export const saveAssetTemplate = (body: AssetTemplateRequest) =>
  saveFile(routes.reportAssetTemplate, { body }, 'template.xlsx');
export const saveUsersReport = (query: UserReportQuery) => saveFile(routes.reportUsers, { query }, 'users.xlsx');
export const saveImportResult = (id: number) => saveFile(routes.importResult, { params: { id } }, 'result.xlsx');
