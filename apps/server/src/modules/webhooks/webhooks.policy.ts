import type { Webhook } from '@brandvault/contract';
import type { Actor } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';

/**
 * Webhooks are a brand's settings: managed by brand.manage (administrators, every brand) or by
 * asset.manage within the brands the person belongs to (the brand's managers, as for sync
 * sources). The brand itself is checked first (visibleBrand), so other brands answer 404.
 */
export const webhooksPolicy = {
  manage: (actor: Actor) => hasPermission(actor, 'brand.manage') || hasPermission(actor, 'asset.manage'),
  abilities(actor: Actor): Webhook['abilities'] {
    const m = webhooksPolicy.manage(actor);
    return { update: m, delete: m };
  },
};
