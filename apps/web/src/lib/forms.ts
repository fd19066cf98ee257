import { issuesToFields } from '@brandvault/contract';
import { currentLang } from '../i18n';

// Its own module so the sign-in form has it without the field messages; kept here for the rest.
export { applyFieldErrors } from './fieldErrors';

type Issues = Parameters<typeof issuesToFields>[0];
interface Validatable {
  safeParse(value: unknown, params?: { reportInput?: boolean }): { success: boolean; error?: { issues: Issues } };
}

/**
 * Runs a contract schema in the browser and words its issues exactly as the server would, so a
 * field shows the same message whichever side caught the mistake.
 */
export function validateWith(schema: Validatable, values: unknown): Record<string, string> {
  // reportInput, as on the server: it tells a missing value ("required") from a wrong one.
  const result = schema.safeParse(values, { reportInput: true });
  if (result.success || !result.error) return {};
  return issuesToFields(result.error.issues, currentLang());
}

/** Empty optional inputs travel as null, which the contract's nullish text fields accept. */
export function blankToNull(value: string): string | null {
  const v = value.trim();
  return v === '' ? null : v;
}
