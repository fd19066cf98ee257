import { AppError } from './errors.js';

/** Services call this with a policy's answer; 404 where saying "forbidden" would reveal existence. */
export function authorize(allowed: boolean, code: 'FORBIDDEN' | 'NOT_FOUND' = 'FORBIDDEN'): asserts allowed {
  if (!allowed) throw new AppError(code);
}
