import type { SyncSource } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import { brandsPolicy } from '../brands/brands.policy.js';

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

export type SyncSourceAction = 'view' | 'update' | 'delete' | 'run';

/** Sync sources by id for requireAccess: whoever sees the brand sees them, its managers change them. */
export const syncSourceAccess = accessKind(
  'syncSources',
  (p, action: SyncSourceAction, r) =>
    brandsPolicy.see(p, { status: r.brand_status }, r.member_id !== null) &&
    (action === 'view' || syncPolicy.manage(p)),
);
