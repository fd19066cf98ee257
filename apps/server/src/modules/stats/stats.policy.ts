import type { Actor } from '../../access/principal.js';
import { seesAllBrands, sightOf } from '../../access/principal.js';

/**
 * The dashboard counts what its reader may see: every brand for administrators (else their own),
 * PRIVATE content only for roles that hold it, and uploads in review only for reviewers (their
 * classes: modules/access/privacy.ts). Seeing one named brand is the brands policy's.
 */
export const statsPolicy = {
  sight: (actor: Actor) => ({ allBrands: seesAllBrands(actor), ...sightOf(actor) }),
};
