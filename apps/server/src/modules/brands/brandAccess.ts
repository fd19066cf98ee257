import type { Actor } from '../../access/principal.js';
import type { AccessRepo } from '../access/access.repo.js';
import { requireAccess } from '../access/requireAccess.js';
import { brandAccess } from './brands.policy.js';

/** The brand if the actor may see it, else 404 (never 403: ids of other brands stay secret). */
export async function visibleBrand(repos: { access: AccessRepo }, actor: Actor, id: number) {
  const [row] = await requireAccess(repos, { actor, permission: 'view', kind: brandAccess, ids: [id] });
  const { member_id: _member, ...brand } = row!;
  return brand;
}
