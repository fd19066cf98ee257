import { useQueries, useQuery } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { MetadataField, VocabularyOption } from '@brandvault/contract';
import { call } from '../../api/client';

export const uploadFieldsKeys = {
  fields: (brandId: number) => ['uploadFields', 'fields', brandId] as const,
  options: (vocabularyId: number) => ['uploadFields', 'options', vocabularyId] as const,
  brand: (brandId: number) => ['uploadFields', 'brand', brandId] as const,
};

/** Whether the brand refuses uploads missing a required field. */
export function useRequiresFields(brandId: number | null) {
  const q = useQuery({
    queryKey: uploadFieldsKeys.brand(brandId ?? 0),
    queryFn: ({ signal }) => call(routes.brandGet, { params: { id: brandId! }, signal }),
    enabled: brandId !== null,
  });
  return Boolean(q.data?.brand.require_fields_on_upload);
}

/** A brand's fields and the options of their vocabularies, for the upload and sync forms. */
export function useBrandFields(brandId: number | null) {
  const fields = useQuery({
    queryKey: uploadFieldsKeys.fields(brandId ?? 0),
    queryFn: ({ signal }) => call(routes.metadataFieldList, { params: { id: brandId! }, signal }),
    enabled: brandId !== null,
  });
  const vocabularies = [
    ...new Set((fields.data?.items ?? []).flatMap((f) => (f.vocabulary_id === null ? [] : [f.vocabulary_id]))),
  ];
  const options = useQueries({
    queries: vocabularies.map((id) => ({
      queryKey: uploadFieldsKeys.options(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => call(routes.vocabularyOptions, { params: { id }, signal }),
    })),
  });
  const byVocabulary = new Map<number, VocabularyOption[]>();
  vocabularies.forEach((id, i) => byVocabulary.set(id, options[i]?.data?.items ?? []));
  return {
    fields: (fields.data?.items ?? []) as MetadataField[],
    optionsOf: (f: MetadataField) => (f.vocabulary_id === null ? [] : (byVocabulary.get(f.vocabulary_id) ?? [])),
    isLoading: fields.isLoading || options.some((o) => o.isLoading),
    isError: fields.isError || options.some((o) => o.isError),
  };
}
