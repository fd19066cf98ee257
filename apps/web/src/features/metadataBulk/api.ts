import { useMutation, useQuery, useQueries, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { BulkEdit, BulkEditBody, MetadataField } from '@brandvault/contract';
import { call } from '../../api/client';
import { useJobStarted } from '../jobs/api';

export const bulkKeys = {
  fields: (brandId: number) => ['metadataBulk', 'fields', brandId] as const,
  options: (vocabularyId: number) => ['metadataBulk', 'options', vocabularyId] as const,
  edit: (id: number) => ['metadataBulk', 'edit', id] as const,
};
export const BULK_POLL_MS = 700;
export const isRunning = (e: Pick<BulkEdit, 'status'>) => e.status === 'applying' || e.status === 'undoing';

/** The brand's metadata fields, to choose which to edit. */
export function useBrandFields(brandId: number, enabled = true) {
  return useQuery({
    queryKey: bulkKeys.fields(brandId),
    queryFn: ({ signal }) => call(routes.metadataFieldList, { params: { id: brandId }, signal }),
    enabled,
  });
}

/** The options of the vocabularies the chosen fields use, by vocabulary id. */
export function useFieldOptions(fields: readonly MetadataField[]) {
  const ids = [...new Set(fields.flatMap((f) => (f.vocabulary_id ? [f.vocabulary_id] : [])))];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: bulkKeys.options(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(routes.vocabularyOptions, { params: { id }, signal }),
    })),
  });
  return new Map(ids.map((id, i) => [id, results[i]?.data?.items ?? []]));
}

export const previewBulkEdit = (body: BulkEditBody) => call(routes.metadataBulkPreview, { body });

export function useApplyBulkEdit() {
  const started = useJobStarted();
  return useMutation({
    mutationFn: (body: BulkEditBody) => call(routes.metadataBulkApply, { body }),
    onSuccess: () => void started(),
  });
}

/** A bulk edit, followed while its job runs. */
export function useBulkEdit(id: number | null) {
  return useQuery({
    queryKey: bulkKeys.edit(id ?? 0),
    queryFn: ({ signal }) => call(routes.metadataBulkStatus, { params: { id: id! }, signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && !isRunning(q.state.data) ? false : BULK_POLL_MS),
  });
}

/** Undo from the toast, which outlives the dialog. */
export const undoBulkEdit = (id: number) => call(routes.metadataBulkUndo, { params: { id } });

export function useUndoBulkEdit() {
  const qc = useQueryClient();
  const started = useJobStarted();
  return useMutation({
    mutationFn: (id: number) => call(routes.metadataBulkUndo, { params: { id } }),
    onSuccess: (e) => {
      void started();
      qc.setQueryData(bulkKeys.edit(e.id), e);
    },
  });
}
