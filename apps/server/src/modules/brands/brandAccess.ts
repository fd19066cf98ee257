import { AppError } from '../../http/errors.js';
import type { Repos } from '../../repos.js';
import type { Actor } from '../auth/actor.js';
import { brandsPolicy } from './brands.policy.js';

/** The brand if the actor may see it, else 404 (never 403: ids of other brands stay secret). */
export async function visibleBrand(repos: Repos, actor: Actor, id: number) {
  const brand = await repos.brands.byId(id);
  const member = brand ? await repos.brands.isMember(actor.user.id, id) : false;
  if (!brand || !brandsPolicy.see(actor, brand, member)) throw new AppError('NOT_FOUND');
  return brand;
}
