import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import { brandsPolicy } from '../brands/brands.policy.js';

export type MetadataAction = 'view' | 'manage';

/**
 * A brand's metadata fields and vocabularies are read by whoever sees the brand and defined by
 * metadata.manage (managers and administrators), within the brands they see: others get 404.
 */
export const metadataPolicy = {
  manage: (actor: Actor) => hasPermission(actor, 'metadata.manage'),
  /** `row`: the brand's status and whether the principal is assigned to it. */
  can(principal: Principal, action: MetadataAction, row: { brand_status: string; member_id: number | null }) {
    if (principal.kind !== 'user') return false;
    const sees = brandsPolicy.see(principal, { status: row.brand_status }, row.member_id !== null);
    return sees && (action === 'view' || metadataPolicy.manage(principal));
  },
  abilities: (actor: Actor) => ({ manage: metadataPolicy.manage(actor) }),
};

export const metadataFieldAccess = accessKind('metadataFields', (p, action: MetadataAction, r) =>
  metadataPolicy.can(p, action, r),
);
export const vocabularyAccess = accessKind('vocabularies', (p, action: MetadataAction, r) =>
  metadataPolicy.can(p, action, r),
);
export const optionAccess = accessKind('vocabularyOptions', (p, action: MetadataAction, r) =>
  metadataPolicy.can(p, action, r),
);
