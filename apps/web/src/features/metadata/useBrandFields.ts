import { useMemo } from 'react';
import type { MetadataField, VocabularyOption } from '@brandvault/contract';
import { useFields, useOptionsOf } from './api';

export interface BrandFields {
  /** The brand's fields, in their order. */
  fields: MetadataField[];
  /** The options of each vocabulary a field uses, in tree order, by vocabulary id. */
  options: Record<number, VocabularyOption[]>;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

/** A brand's fields with the options of the vocabularies they use: what forms of values need. */
export function useBrandFields(brandId: number): BrandFields {
  const fields = useFields(brandId);
  const items = fields.data?.items;
  const vocabularyIds = useMemo(
    () => [...new Set((items ?? []).flatMap((f) => (f.vocabulary_id === null ? [] : [f.vocabulary_id])))],
    [items],
  );
  const lists = useOptionsOf(vocabularyIds);
  const options: Record<number, VocabularyOption[]> = {};
  for (const q of lists) if (q.data) options[q.data.vocabulary.id] = q.data.items;
  const failed = lists.find((q) => q.error)?.error;
  return {
    fields: items ?? [],
    options,
    isLoading: fields.isLoading || lists.some((q) => q.isLoading),
    error: fields.error ?? failed ?? null,
    refetch: () => {
      void fields.refetch();
      for (const q of lists) void q.refetch();
    },
  };
}
