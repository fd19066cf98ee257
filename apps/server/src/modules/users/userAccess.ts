import { AppError } from '../../http/errors.js';
import type { Repos } from '../../repos.js';
import type { Actor } from '../auth/actor.js';
import { usersPolicy } from './users.policy.js';

/** The user, if the actor may see them: another brand's user is as absent as an unknown id. */
export async function visibleUser(repos: Pick<Repos, 'users'>, actor: Actor, id: number) {
  const u = await repos.users.byId(id);
  if (!u || !(usersPolicy.seesEveryone(actor) || (await repos.users.sharesBrand(actor.user.id, id))))
    throw new AppError('NOT_FOUND');
  return u;
}
