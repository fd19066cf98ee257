import { AppError } from '../../http/errors.js';
import type { Repos } from '../../repos.js';
import type { Actor, Principal } from '../auth/actor.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import type { AssetAction } from '../assets/assets.policy.js';

/** Per kind of row: how to load a set for a principal in one query, and the policy that judges it. */
const kinds = {
  asset: {
    rows: (repos: Repos, principal: Actor, ids: number[]) => repos.assets.accessRows(ids, principal.user.id),
    can: assetsPolicy.can,
  },
};
type Kinds = typeof kinds;
type ActionOf<K extends keyof Kinds> = K extends 'asset' ? AssetAction : never;
type RowOf<K extends keyof Kinds> = Awaited<ReturnType<Kinds[K]['rows']>>[number];

/**
 * Loads a set of rows with one query and answers 404 unless the principal may do `action` to
 * every one of them (all or nothing, and never a hint of which id failed). Returns the rows.
 */
export async function requireAccess<K extends keyof Kinds>(
  repos: Repos,
  principal: Principal,
  [kind, action]: [K, ActionOf<K>],
  ids: readonly number[],
): Promise<RowOf<K>[]> {
  const unique = [...new Set(ids)];
  // A share link reaches assets only through its collection's routes, never by id sets.
  if (principal.kind !== 'user') throw new AppError('NOT_FOUND');
  const rows = (await kinds[kind].rows(repos, principal, unique)) as RowOf<K>[];
  const allowed = rows.filter((r) => kinds[kind].can(principal, action, r));
  if (allowed.length !== unique.length) throw new AppError('NOT_FOUND');
  return allowed;
}
