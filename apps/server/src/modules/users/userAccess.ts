import type { Actor } from '../../access/principal.js';
import type { AccessRepo } from '../access/access.repo.js';
import { requireAccess } from '../access/requireAccess.js';
import { userAccess } from './users.policy.js';

/** The user, if the actor may see them: another brand's user is as absent as an unknown id. */
export async function visibleUser(repos: { access: AccessRepo }, actor: Actor, id: number) {
  const [row] = await requireAccess(repos, { actor, permission: 'view', kind: userAccess, ids: [id] });
  const { shares_brand: _shares, ...user } = row!;
  return user;
}
