import type { AssetCard } from '@brandvault/contract';

/**
 * Picture formats that can carry transparency. Ordinary photos (JPEG, camera raw, HEIC from
 * phones) sit on a neutral background; only these get the checkerboard that shows see-through
 * parts.
 */
const MAY_HAVE_ALPHA = new Set(['png', 'apng', 'gif', 'webp', 'svg', 'avif', 'tif', 'tiff', 'ico', 'psd', 'psb']);

export function mayBeTransparent(asset: Pick<AssetCard, 'type' | 'ext'>): boolean {
  return asset.type === 'image' && MAY_HAVE_ALPHA.has(asset.ext.toLowerCase());
}
