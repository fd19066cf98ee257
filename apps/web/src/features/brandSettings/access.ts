import { useCan } from '../../state/access';

/**
 * Whether the signed-in user may open the brand settings at all (the menus ask this): the
 * watermark and crop presets are for asset or brand managers, smart search for brand managers.
 */
export function useMayOpenBrandSettings() {
  const can = useCan();
  return can.permission('asset.manage') || can.permission('brand.manage');
}
