import type { Actor, Principal } from '../../access/principal.js';
import { hasPermission } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';
import { brandsPolicy } from '../brands/brands.policy.js';

export type RightsAction = 'manage';

/**
 * A brand's licences, consents and their documents are rights.manage's (managers and
 * administrators), within the brands they see: others get 404. An asset's Rights panel is read by
 * whoever sees the asset (the assets policy) and changed by rights.manage.
 */
export const rightsPolicy = {
  manage: (actor: Actor) => hasPermission(actor, 'rights.manage'),
  /**
   * Whether the Rights panel names the people of its releases: the brand's own people do; guests
   * (agencies, freelancers) read each release's scope without whose it is.
   */
  namesPeople: (actor: Actor) => hasPermission(actor, 'content.private'),
  /** `row`: the brand's status and whether the principal is assigned to it. */
  can(principal: Principal, _action: RightsAction, row: { brand_status: string; member_id: number | null }) {
    if (principal.kind !== 'user') return false;
    return (
      brandsPolicy.see(principal, { status: row.brand_status }, row.member_id !== null) &&
      rightsPolicy.manage(principal)
    );
  },
  abilities: (actor: Actor) => ({ manage: rightsPolicy.manage(actor) }),
};

export const licenceAccess = accessKind('licences', (p, action: RightsAction, r) => rightsPolicy.can(p, action, r));
export const consentAccess = accessKind('consents', (p, action: RightsAction, r) => rightsPolicy.can(p, action, r));
export const rightsDocumentAccess = accessKind('rightsDocuments', (p, action: RightsAction, r) =>
  rightsPolicy.can(p, action, r),
);
