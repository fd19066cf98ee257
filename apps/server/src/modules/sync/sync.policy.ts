import type { SyncSource } from '@brandvault/contract';
import type { Actor } from '../auth/actor.js';
import { hasPermission } from '../auth/actor.js';

/**
 * NAS sync sources are seen by whoever sees their brand (asset.view, checked by the route) and
 * managed by whoever manages the brand: brand.manage (administrators), or asset.manage within the
 * brands they belong to (the brand's managers, as for watermarks). Seeing the brand is checked
 * first (visibleBrand), so managers of other brands get 404.
 */
export const syncPolicy = {
  manage: (actor: Actor) => hasPermission(actor, 'brand.manage') || hasPermission(actor, 'asset.manage'),
  abilities(actor: Actor): SyncSource['abilities'] {
    const m = syncPolicy.manage(actor);
    return { update: m, delete: m, run: m };
  },
};
