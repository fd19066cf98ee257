import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { WatermarkPosition } from '@brandvault/contract';
import { call, callForm, toFormData } from '../../api/client';
import { brandKeys } from '../brands/api';

const watermarkKey = (brandId: number) => [...brandKeys.detail(brandId), 'watermark'] as const;

export function useBrandWatermark(brandId: number) {
  return useQuery({
    queryKey: watermarkKey(brandId),
    queryFn: ({ signal }) => call(routes.brandWatermarkGet, { params: { id: brandId }, signal }),
  });
}

export interface WatermarkValues {
  image: File | null;
  remove_image: boolean;
  position: WatermarkPosition;
  opacity: number;
  scale: number;
  apply_to_guests: boolean;
  traceable: boolean;
}

/** Multipart per the contract: the settings as fields, a new PNG under `image`. */
export const watermarkFormData = (v: WatermarkValues) =>
  toFormData({
    image: v.image ?? undefined,
    remove_image: v.remove_image && !v.image ? true : undefined,
    position: v.position,
    opacity: v.opacity,
    scale: v.scale,
    apply_to_guests: v.apply_to_guests,
    traceable: v.traceable,
  });

export function useSaveWatermark(brandId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: WatermarkValues) =>
      callForm(routes.brandWatermarkUpdate, { params: { id: brandId }, form: watermarkFormData(v) }),
    onSuccess: (data) => qc.setQueryData(watermarkKey(brandId), data),
  });
}

/**
 * Sends a downloaded file, or the code drawn on it (a re-saved file has lost its metadata), to the
 * trace tool; the answer names the link or user it was made for.
 */
export function useTraceFile() {
  return useMutation({
    mutationFn: ({ file, code }: { file: File | null; code: string }) =>
      callForm(routes.watermarkTrace, { form: toFormData({ ...(file ? { file } : {}), ...(code ? { code } : {}) }) }),
  });
}
