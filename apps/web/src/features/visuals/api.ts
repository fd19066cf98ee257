import { useMutation, useQuery } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { call } from '../../api/client';
import { useJobStarted } from '../jobs/api';

export const visualsKeys = {
  asset: (id: number) => ['visuals', id] as const,
  similar: (id: number) => ['visuals', id, 'similar'] as const,
};

/** An asset's colours and nearest look-alike; asked again while the worker has not analysed it. */
export function useAssetVisuals(assetId: number) {
  return useQuery({
    queryKey: visualsKeys.asset(assetId),
    queryFn: ({ signal }) => call(routes.assetVisuals, { params: { id: assetId }, signal }),
    refetchInterval: (q) => (q.state.data?.visuals.state === 'pending' ? 3000 : false),
  });
}

/** Assets that look like this one, nearest first (only once asked for). */
export function useSimilar(assetId: number, enabled: boolean) {
  return useQuery({
    queryKey: visualsKeys.similar(assetId),
    queryFn: ({ signal }) => call(routes.assetSimilar, { params: { id: assetId }, signal }),
    enabled,
  });
}

/** Starts the brand's backfill; the shell's jobs indicator shows its progress at once. */
export function useVisualsBackfill(brandId: number) {
  const started = useJobStarted();
  return useMutation({
    mutationFn: () => call(routes.visualsBackfill, { params: { id: brandId } }),
    onSuccess: () => void started(),
  });
}
