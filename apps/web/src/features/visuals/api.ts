import { useState } from 'react';
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

/** How long the upload dialog follows a new file's analysis: the worker usually answers in seconds. */
export const LOOK_ALIKE_WAIT_MS = 30_000;

/**
 * A just-uploaded file's look-alike: asked again with a growing pause (1, 2, 4, then 8 s) while
 * the worker has not analysed it, for at most LOOK_ALIKE_WAIT_MS; it stops when the row unmounts
 * (the dialog closed).
 */
export function useUploadLookAlike(assetId: number) {
  const [since] = useState(() => Date.now());
  return useQuery({
    queryKey: visualsKeys.asset(assetId),
    queryFn: ({ signal }) => call(routes.assetVisuals, { params: { id: assetId }, signal }),
    retry: false,
    refetchInterval: (q) => {
      if (q.state.data && q.state.data.visuals.state !== 'pending') return false;
      if (q.state.error || Date.now() - since > LOOK_ALIKE_WAIT_MS) return false;
      return Math.min(1000 * 2 ** q.state.dataUpdateCount, 8000);
    },
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
