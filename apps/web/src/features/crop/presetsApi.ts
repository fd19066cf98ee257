import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { CropPresetsBody } from '@brandvault/contract';
import { call } from '../../api/client';
import { brandKeys } from '../brands/api';

const presetsKey = (brandId: number) => [...brandKeys.detail(brandId), 'cropPresets'] as const;

/** A brand's channel presets, read by the crop dialog and the presets editor. */
export function useCropPresets(brandId: number | null) {
  return useQuery({
    queryKey: presetsKey(brandId ?? 0),
    queryFn: ({ signal }) => call(routes.cropPresetsGet, { params: { id: brandId! }, signal }),
    enabled: brandId !== null,
    staleTime: 60_000,
  });
}

export function useSaveCropPresets(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CropPresetsBody) => call(routes.cropPresetsUpdate, { params: { id: brandId }, body }),
    onSuccess: (data) => qc.setQueryData(presetsKey(brandId), data),
  });
}
