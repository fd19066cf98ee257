import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type {
  AssetFieldValuesBody,
  MetadataFieldBody,
  MetadataFieldUpdate,
  OptionBody,
  OptionMove,
  OptionRename,
  VocabularyBody,
} from '@brandvault/contract';
import { call, callForm, toFormData } from '../../api/client';

export const metadataKeys = {
  all: ['metadata'] as const,
  fields: (brandId: number) => [...metadataKeys.all, 'fields', brandId] as const,
  vocabularies: (brandId: number) => [...metadataKeys.all, 'vocabularies', brandId] as const,
  options: (vocabularyId: number) => [...metadataKeys.all, 'options', vocabularyId] as const,
  values: (assetId: number) => [...metadataKeys.all, 'values', assetId] as const,
};

export function useFields(brandId: number) {
  return useQuery({
    queryKey: metadataKeys.fields(brandId),
    queryFn: ({ signal }) => call(routes.metadataFieldList, { params: { id: brandId }, signal }),
  });
}

export function useVocabularies(brandId: number, enabled = true) {
  return useQuery({
    queryKey: metadataKeys.vocabularies(brandId),
    queryFn: ({ signal }) => call(routes.vocabularyList, { params: { id: brandId }, signal }),
    enabled,
  });
}

const optionsQuery = (id: number) => ({
  queryKey: metadataKeys.options(id),
  queryFn: ({ signal }: { signal: AbortSignal }) => call(routes.vocabularyOptions, { params: { id }, signal }),
});

export function useOptions(vocabularyId: number) {
  return useQuery(optionsQuery(vocabularyId));
}

/** The options of several vocabularies at once (those the brand's fields use). */
export function useOptionsOf(vocabularyIds: readonly number[]) {
  return useQueries({ queries: vocabularyIds.map(optionsQuery) });
}

export function useAssetFieldValues(assetId: number) {
  return useQuery({
    queryKey: metadataKeys.values(assetId),
    queryFn: ({ signal }) => call(routes.assetFieldValues, { params: { id: assetId }, signal }),
  });
}

/** Any change to fields, vocabularies or options refreshes every metadata answer (counts move together). */
function useMetadataMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: metadataKeys.all }) });
}

export const useCreateField = () =>
  useMetadataMutation((v: { brandId: number; body: MetadataFieldBody }) =>
    call(routes.metadataFieldCreate, { params: { id: v.brandId }, body: v.body }),
  );
export const useUpdateField = () =>
  useMetadataMutation((v: { id: number; body: MetadataFieldUpdate }) =>
    call(routes.metadataFieldUpdate, { params: { id: v.id }, body: v.body }),
  );
export const useReorderFields = () =>
  useMetadataMutation((v: { brandId: number; ids: number[] }) =>
    call(routes.metadataFieldReorder, { params: { id: v.brandId }, body: { ids: v.ids } }),
  );
export const useDeleteField = () =>
  useMetadataMutation((v: { id: number; confirm: boolean }) =>
    call(routes.metadataFieldDelete, {
      params: { id: v.id },
      query: v.confirm ? { confirm: 'true' } : {},
    }),
  );

export const useCreateVocabulary = () =>
  useMetadataMutation((v: { brandId: number; body: VocabularyBody }) =>
    call(routes.vocabularyCreate, { params: { id: v.brandId }, body: v.body }),
  );
export const useRenameVocabulary = () =>
  useMetadataMutation((v: { id: number; name: string }) =>
    call(routes.vocabularyRename, { params: { id: v.id }, body: { name: v.name } }),
  );
export const useDeleteVocabulary = () =>
  useMetadataMutation((id: number) => call(routes.vocabularyDelete, { params: { id } }));

export const useCreateOption = () =>
  useMetadataMutation((v: { vocabularyId: number; body: OptionBody }) =>
    call(routes.optionCreate, { params: { id: v.vocabularyId }, body: v.body }),
  );
/** Pasted text, or an xlsx sent as the form's `sheet`. */
export const useImportOptions = () =>
  useMetadataMutation((v: { vocabularyId: number; text: string; file?: File | null }) =>
    v.file
      ? callForm(routes.optionImport, { params: { id: v.vocabularyId }, form: toFormData({ sheet: v.file }) })
      : call(routes.optionImport, { params: { id: v.vocabularyId }, body: { text: v.text } }),
  );
export const useRenameOption = () =>
  useMetadataMutation((v: { id: number; body: OptionRename }) =>
    call(routes.optionRename, { params: { id: v.id }, body: v.body }),
  );
export const useMoveOption = () =>
  useMetadataMutation((v: { id: number; body: OptionMove }) =>
    call(routes.optionMove, { params: { id: v.id }, body: v.body }),
  );
export const useMergeOption = () =>
  useMetadataMutation((v: { id: number; into: number }) =>
    call(routes.optionMerge, { params: { id: v.id }, body: { into: v.into } }),
  );
export const useRetireOption = () =>
  useMetadataMutation((v: { id: number; retired: boolean }) =>
    call(routes.optionRetire, { params: { id: v.id }, body: { retired: v.retired } }),
  );

export function useSetAssetFieldValues() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { assetId: number; body: AssetFieldValuesBody }) =>
      call(routes.assetFieldValuesSet, { params: { id: v.assetId }, body: v.body }),
    onSuccess: (saved, v) => qc.setQueryData(metadataKeys.values(v.assetId), saved),
    // Option counts on the admin screens follow the values.
    onSettled: () => qc.invalidateQueries({ queryKey: [...metadataKeys.all, 'options'] }),
  });
}
