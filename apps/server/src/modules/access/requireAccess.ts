import { AppError } from '../../http/errors.js';
import type { Principal } from '../../access/principal.js';
import type { AccessRepo } from './access.repo.js';
import type { AccessKind, AccessLoader, AccessRow } from './accessKind.js';

export interface AccessQuery<L extends AccessLoader, A extends string> {
  actor: Principal;
  /** What the actor means to do to every row (the kind's policy action: 'view', 'move', …). */
  permission: NoInfer<A>;
  /** The kind of row, as its domain's policy defines it (assetAccess, folderAccess, …). */
  kind: AccessKind<L, A>;
  ids: readonly number[];
}

/**
 * The one access gate: loads a set of rows of one kind with one query and answers 404 (the
 * kind's code) unless the principal may do `permission` to every one of them (all or nothing,
 * and never a hint of which id failed). Returns the rows.
 */
export async function requireAccess<L extends AccessLoader, A extends string>(
  repos: { access: AccessRepo },
  { actor, permission, kind, ids }: AccessQuery<L, A>,
): Promise<AccessRow<L>[]> {
  // A share link reaches rows only through its collection's routes, never by id sets.
  if (actor.kind !== 'user') throw new AppError(kind.missing);
  const unique = [...new Set(ids)];
  const load = repos.access[kind.load] as (ids: number[], userId: number) => Promise<AccessRow<L>[]>;
  const rows = await load(unique, actor.user.id);
  const allowed = rows.filter((r) => kind.can(actor, permission, r));
  if (allowed.length !== unique.length) throw new AppError(kind.missing);
  return allowed;
}
