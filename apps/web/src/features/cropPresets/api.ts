import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import type { AssetCropQuery, CropPresetsBody } from '@brandvault/contract';
import { buildUrl, call, readError } from '../../api/client';
import { unexpected } from '../../api/errors';
import { currentLang } from '../../i18n';
import { useSession } from '../../state/session';
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

/** The file name the server gives in Content-Disposition (the UTF-8 one when there is one). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (utf8) {
    try {
      return decodeURIComponent(utf8);
    } catch {
      /* the ASCII name below */
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches a cropped download with the session's bearer token (the crop route takes no signed
 * link) and saves it through a temporary object URL. `via` is a public link's own crop address
 * (its pass in it), which the link holder uses instead, without a session. Throws the API's
 * error (422 fields) as is.
 */
export async function downloadCrop(
  assetId: number,
  query: AssetCropQuery,
  fallbackName: string,
  via?: string | null,
): Promise<string> {
  const headers: Record<string, string> = { 'Accept-Language': currentLang() };
  const token = useSession.getState().token;
  if (token && !via) headers.Authorization = `Bearer ${token}`;
  const search = buildUrl('', undefined, query).slice(1);
  const address = via
    ? `${via}${via.includes('?') ? '&' : '?'}${search}`
    : buildUrl(routes.assetCrop.path, { id: assetId }, query);
  let res: Response;
  try {
    res = await fetch(address, { headers, credentials: 'include' });
  } catch {
    throw unexpected(0);
  }
  if (!res.ok) throw await readError(res);
  const blob = await res.blob();
  const name = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // Revoked on the next turn: the click has handed the blob to the download by then.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
