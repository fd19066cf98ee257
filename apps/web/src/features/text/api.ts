import { useQuery } from '@tanstack/react-query';
import { routes } from '@brandvault/contract';
import { call } from '../../api/client';
import { saveFile } from '../reports/api';

export const textKeys = { asset: (id: number) => ['text', id] as const };

/** The text found in an asset's file; asked again while the worker has not read it. */
export function useAssetText(assetId: number) {
  return useQuery({
    queryKey: textKeys.asset(assetId),
    queryFn: ({ signal }) => call(routes.assetText, { params: { id: assetId }, signal }),
    refetchInterval: (q) => (q.state.data?.text.state === 'pending' ? 3000 : false),
  });
}

/** Saves the text as `<asset name>.txt` (the server names it; the fallback says the same). */
export const saveAssetText = (assetId: number, assetName: string) =>
  saveFile(
    routes.assetTextDownload,
    { params: { id: assetId } },
    `${assetName.replace(/\.[^.]*$/, '') || assetName}.txt`,
  );
