import type { Actor } from '../../access/principal.js';
import { seesAllBrands, seesPrivate } from '../../access/principal.js';

/**
 * The dashboard counts what its reader may see: every brand for administrators (else their own),
 * and PRIVATE content only for roles that hold it. Seeing one named brand is the brands policy's.
 */
export const statsPolicy = {
  sight: (actor: Actor) => ({ allBrands: seesAllBrands(actor), withPrivate: seesPrivate(actor) }),
};
