import type { z } from 'zod';
import { ERROR_STATUS } from '@brandvault/contract';
import type { ErrorCode, FieldMessageKey } from '@brandvault/contract';

/**
 * A typed error: services throw it with a code from the contract's catalogue; the handler turns
 * it into `{error: {status, code, message, fields?}}` in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly opts: {
      fieldKeys?: Record<string, FieldMessageKey>;
      issues?: readonly z.core.$ZodIssue[];
      headers?: Record<string, string>;
      /** Values the field messages name besides the path (a count). */
      fieldVars?: Record<string, string | number>;
      /** Values one field's message names (a brand field's own label, `label_en` and `label_es`). */
      fieldVarsByPath?: Record<string, Record<string, string | number>>;
    } = {},
  ) {
    super(code);
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const invalid = (fieldKeys: Record<string, FieldMessageKey>) => new AppError('INVALID_DATA', { fieldKeys });
