import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { EmbedMappingBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { brandKeys } from '../brands/api';

// Kept apart from the feature's api.ts so the embedded-metadata mapping merges on its own.
const mappingKey = (brandId: number) => [...brandKeys.detail(brandId), 'embedMapping'] as const;
const fieldsKey = (brandId: number) => [...brandKeys.detail(brandId), 'embedMapping', 'fields'] as const;

/** Which brand field each embedded source (IPTC, XMP) fills at upload. */
export function useEmbedMapping(brandId: number) {
  return useQuery({
    queryKey: mappingKey(brandId),
    queryFn: ({ signal }) => call(routes.embedMappingGet, { params: { id: brandId }, signal }),
  });
}

/** The brand's fields, to choose from. */
export function useMappableFields(brandId: number) {
  return useQuery({
    queryKey: fieldsKey(brandId),
    queryFn: ({ signal }) => call(routes.metadataFieldList, { params: { id: brandId }, signal }),
  });
}

export function useSaveEmbedMapping(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EmbedMappingBody) => call(routes.embedMappingSet, { params: { id: brandId }, body }),
    onSuccess: (data) => qc.setQueryData(mappingKey(brandId), data),
  });
}
