import type { LoginResponse } from '@brandvault/contract';
import type { Deps, UnitOfWork } from '../../deps/deps.js';
import type { UserRow } from '../../access/principal.js';
import { iso } from '../../lib/clock.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import type { AnyContext } from '../../lib/requestContext.js';
import { setChange, userTarget } from '../audit/audit.trail.js';
import { sessionView } from '../auth/session.js';
import { mapClaims } from './claimMapping.js';
import type { ProviderRow } from './sso.repo.js';
import { mappingOf } from './sso.view.js';

/**
 * Applies the provider's claim mapping to the person (their roles and brands become the mapped
 * ones) in the unit of the sign-in; nothing when no rule matches. Audited as a grant change.
 */
export async function applyMapping(
  u: UnitOfWork,
  provider: ProviderRow,
  user: UserRow,
  claims: Record<string, unknown>,
) {
  const mapped = mapClaims(mappingOf(provider), claims);
  if (!mapped) return;
  const roleNames = new Set(await u.repos.roles.roleNames());
  const roles = mapped.roles.filter((r) => roleNames.has(r));
  const existing = await u.repos.brands.existingIds(mapped.brands);
  const brands = mapped.brands.filter((b) => existing.has(b));
  const beforeRoles = (await u.repos.roles.rolesByUser([user.id])).get(user.id) ?? [];
  const beforeBrands = ((await u.repos.brands.byUsers([user.id])).get(user.id) ?? []).map((b) => b.id);
  const rolesChange = setChange(beforeRoles, roles);
  const brandsChange = setChange(beforeBrands, brands);
  if (rolesChange) await u.repos.roles.setUserRoles(user.id, roles);
  if (brandsChange) await u.repos.brands.setUserBrands(user.id, brands);
  if (rolesChange || brandsChange)
    await u.audit({
      event: 'user.grants',
      userId: user.id,
      target: userTarget(user),
      changes: { ...(rolesChange && { roles: rolesChange }), ...(brandsChange && { brands: brandsChange }) },
    });
}

/**
 * A new session for `user`, in one unit with `before` (which answers the identity signed in
 * through): the same answer as a password sign-in. `sid` is the provider's session.
 */
export async function openSession(
  deps: Deps,
  ctx: AnyContext,
  user: UserRow,
  sid: string | null,
  provider: ProviderRow,
  before: (u: UnitOfWork) => Promise<number>,
): Promise<LoginResponse> {
  const token = randomToken();
  const tokenId = await deps.change(ctx, async (u) => {
    const at = iso(deps.clock.now());
    const identityId = await before(u);
    const id = await u.repos.auth.insertToken(user.id, sha256(token), at);
    await u.repos.sso.insertSession(id, identityId, sid);
    await u.repos.sso.identityUsed(identityId, at);
    await u.repos.users.signedIn(user.id, at);
    await u.audit({ event: 'sso.login', userId: user.id, info: { provider: provider.label, issuer: provider.issuer } });
    return id;
  });
  const fresh = (await deps.repos.users.byId(user.id))!;
  const [roles, permissions] = await Promise.all([
    deps.repos.roles.rolesByUser([user.id]),
    deps.repos.roles.effectivePermissions(user.id),
  ]);
  const actor = {
    kind: 'user' as const,
    user: fresh,
    tokenId,
    emulatorId: null,
    roles: roles.get(user.id) ?? [],
    permissions: new Set(permissions),
  };
  return { token, ...(await sessionView(deps.repos, deps, actor, iso(deps.clock.now()))) };
}
