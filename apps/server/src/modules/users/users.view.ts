import type { AdminUser } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { userPhotoUrls } from '../../lib/photoUrls.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor, UserRow } from '../../access/principal.js';
import { usersPolicy } from './users.policy.js';

export const asLang = (v: string): AdminUser['lang'] => (v === 'es' ? 'es' : 'en');

/** Users rows as the admin screens get them, with the caller's abilities on each. */
export function adminUserViews(deps: Pick<Deps, 'repos' | 'clock' | 'media' | 'config'>) {
  const { repos, clock } = deps;
  const photos = userPhotoUrls(deps.media, deps.config.profilePhotoHosts);

  /** Many users with four batched look-ups, not four per user. */
  return async function views(actor: Actor, users: UserRow[]): Promise<AdminUser[]> {
    const ids = users.map((u) => u.id);
    const [roles, perms, brands, throttles] = await Promise.all([
      repos.roles.rolesByUser(ids),
      repos.roles.directPermissionsByUser(ids),
      repos.brands.byUsers(ids),
      repos.loginThrottles.byEmails(users.map((u) => u.email)),
    ]);
    const at = clock.now().getTime();
    const lockedUntil = new Map(
      throttles.filter((t) => t.locked_until && t.locked_until > at).map((t) => [t.email, t.locked_until!]),
    );
    return users.map((u) => {
      const userRoles = roles.get(u.id) ?? [];
      const locked = lockedUntil.get(u.email);
      return {
        id: u.id,
        first_name: u.first_name,
        last_name: u.last_name,
        email: u.email,
        lang: asLang(u.lang),
        status: u.status === 'ACTIVE' ? 'ACTIVE' : 'INACTIVE',
        verified_at: u.verified_at,
        approved_at: u.approved_at,
        created_at: u.created_at,
        last_login_at: u.last_login_at ?? null,
        ...photos(u),
        company: u.company,
        country: u.country,
        phone: u.phone,
        position: u.position,
        roles: userRoles.map((name) => ({ name })),
        permissions: (perms.get(u.id) ?? []).map((name) => ({ name })),
        brands: brands.get(u.id) ?? [],
        locked_until: locked ? iso(new Date(locked)) : null,
        abilities: usersPolicy.abilities(actor, { id: u.id, roles: userRoles, locked: locked !== undefined }),
      };
    });
  };
}
