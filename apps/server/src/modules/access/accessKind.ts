import type { Actor } from '../../access/principal.js';
import type { AccessRepo } from './access.repo.js';

/** Which of the access repository's loaders reads a kind of row. */
export type AccessLoader = keyof AccessRepo;
export type AccessRow<L extends AccessLoader> = Awaited<ReturnType<AccessRepo[L]>>[number];

/**
 * A kind of row requireAccess answers for: the loader that reads a set of them in one query, the
 * policy that judges one, and the 404 its routes answer. Each domain's policy defines its own,
 * so the gate imports no domain.
 */
export interface AccessKind<L extends AccessLoader, A extends string> {
  load: L;
  can: (actor: Actor, action: A, row: AccessRow<L>) => boolean;
  missing: 'NOT_FOUND' | 'FOLDER_NOT_FOUND';
}

export const accessKind = <L extends AccessLoader, A extends string>(
  load: L,
  can: AccessKind<L, A>['can'],
  missing: AccessKind<L, A>['missing'] = 'NOT_FOUND',
): AccessKind<L, A> => ({ load, can, missing });
