import type { Actor } from '../auth/actor.js';
import { isAdmin } from '../auth/actor.js';

/** Administrators see every brand; everyone else only the brands they are assigned to. */
export const brandsPolicy = {
  seesAllBrands: (actor: Actor) => isAdmin(actor),
};
