import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { LabelKey } from '@brandvault/contract';
import { call } from '../../api/client';
import { useInvalidateAsset } from '../assets/api';

export const labelsKeys = {
  asset: (id: number) => ['labels', 'asset', id] as const,
  brand: (id: number) => ['labels', 'brand', id] as const,
};

/** An asset's suggested tags; asked again while the worker has not analysed the file. */
export function useAssetLabels(assetId: number) {
  return useQuery({
    queryKey: labelsKeys.asset(assetId),
    queryFn: ({ signal }) => call(routes.assetLabels, { params: { id: assetId }, signal }),
    refetchInterval: (q) => (q.state.data?.labels.state === 'pending' ? 3000 : false),
  });
}

/** The labels found in a brand's assets the caller may see, with counts (the "Detected" filter). */
export function useBrandLabels(brandId: number) {
  return useQuery({
    queryKey: labelsKeys.brand(brandId),
    queryFn: ({ signal }) => call(routes.brandLabels, { params: { id: brandId }, signal }),
    staleTime: 60_000,
  });
}

/** Accepts (into keywords) or rejects one suggested tag; the asset's keywords then show it. */
export function useDecideLabel(assetId: number) {
  const qc = useQueryClient();
  const invalidateAsset = useInvalidateAsset();
  return useMutation({
    mutationFn: ({ label, accept }: { label: LabelKey; accept: boolean }) =>
      call(accept ? routes.labelAccept : routes.labelReject, { params: { id: assetId, label } }),
    onSuccess: async (answer, { accept }) => {
      qc.setQueryData(labelsKeys.asset(assetId), answer);
      await qc.invalidateQueries({ queryKey: ['labels', 'brand'] });
      if (accept) await invalidateAsset(assetId);
    },
  });
}
