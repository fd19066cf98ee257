import { ApiError } from '../api/errors';
import { focusFirstError } from './focusFirstError';

/** Puts a 422's field messages under the matching inputs; true when there were any. */
export function applyFieldErrors(
  form: { setErrors: (errors: Record<string, string>) => void },
  error: unknown,
): boolean {
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
    form.setErrors(error.fields);
    focusFirstError();
    return true;
  }
  return false;
}
