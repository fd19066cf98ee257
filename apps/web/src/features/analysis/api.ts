import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { AnalysisSettingsBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { useJobStarted } from '../jobs/api';

export const analysisKeys = { brand: (id: number) => ['analysis', id] as const };

/** A brand's smart search switches, what the installation runs, and each analysis' counts. */
export function useBrandAnalysis(brandId: number) {
  return useQuery({
    queryKey: analysisKeys.brand(brandId),
    queryFn: ({ signal }) => call(routes.brandAnalysis, { params: { id: brandId }, signal }),
  });
}

export function useSaveBrandAnalysis(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AnalysisSettingsBody) => call(routes.brandAnalysisSave, { params: { id: brandId }, body }),
    onSuccess: (answer) => qc.setQueryData(analysisKeys.brand(brandId), answer),
  });
}

/** "Analyse existing files": the brand's backfill; the shell's jobs indicator shows its progress. */
export function useAnalysisBackfill(brandId: number) {
  const started = useJobStarted();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.brandAnalysisBackfill, { params: { id: brandId } }),
    onSuccess: () => {
      void started();
      void qc.invalidateQueries({ queryKey: analysisKeys.brand(brandId) });
    },
  });
}
