import type { UserRow } from '../../access/principal.js';

/** Who may hold a session: active accounts only (registrations wait for approval). */
export const canSignIn = (user: UserRow) => user.status === 'ACTIVE';
