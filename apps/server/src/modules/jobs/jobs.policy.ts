import type { Principal } from '../../access/principal.js';
import { accessKind } from '../access/accessKind.js';

export type JobAction = 'view';

/**
 * A job is private to the user who started it: nobody else reads its progress or result, not
 * even an administrator (a result may be a download of what only its owner may see). Anything
 * else answers 404, so job ids of others are not revealed.
 */
export const jobsPolicy = {
  can: (principal: Principal, _action: JobAction, job: { owner_id: number | null }) =>
    principal.kind === 'user' && job.owner_id !== null && job.owner_id === principal.user.id,
  abilities: (principal: Principal, job: { owner_id: number | null }) => ({
    view: jobsPolicy.can(principal, 'view', job),
  }),
};

/** Jobs by id for requireAccess. */
export const jobAccess = accessKind('jobs', (p, action: JobAction, r) => jobsPolicy.can(p, action, r));
