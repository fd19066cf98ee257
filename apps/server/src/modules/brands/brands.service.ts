import type { Deps } from '../../services.js';
import type { Actor } from '../auth/actor.js';
import { brandsPolicy } from './brands.policy.js';

export function brandsService(deps: Deps) {
  const { repos } = deps;
  return {
    async listOwn(actor: Actor) {
      const rows = await repos.brands.forUser(actor.user.id, brandsPolicy.seesAllBrands(actor));
      return { items: rows.map((b) => ({ ...b, status: b.status === 'ACTIVE' ? ('ACTIVE' as const) : ('INACTIVE' as const) })) };
    },
  };
}
