import type { Actor } from '../../access/principal.js';
import { hasPermission, isAdmin } from '../../access/principal.js';

/** Users whose only role is guest (outside agencies): the ones a brand may watermark for. */
export const isGuestOnly = (actor: Actor) => !isAdmin(actor) && actor.roles.every((r) => r === 'guest');

/**
 * A brand's watermark is set by whoever manages the brand: brand.manage (administrators), or
 * asset.manage (the brand's managers) within the brands they belong to; seeing the brand at all
 * is checked first (visibleBrand), so managers of other brands get 404.
 */
export const watermarksPolicy = {
  update: (actor: Actor) => hasPermission(actor, 'brand.manage') || hasPermission(actor, 'asset.manage'),
};
