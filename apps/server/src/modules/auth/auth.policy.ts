/** Sign-in is the principal's rule (access/principal.ts), so domains below auth can ask it too. */
export { canSignIn } from '../../access/principal.js';
