import type { AssetCard } from '@brandvault/contract';

export const isPdf = (a: AssetCard) => a.type === 'document' && a.mime === 'application/pdf';
export const pictureOf = (a: AssetCard) => a.preview_url ?? a.thumbnail_url;

/**
 * Asks the server to show the original in the browser rather than save it. Harmless where the
 * server does not know the parameter (the signature covers only the path, exp and sig).
 */
export function inline(url: string) {
  return `${url}${url.includes('?') ? '&' : '?'}disposition=inline`;
}
