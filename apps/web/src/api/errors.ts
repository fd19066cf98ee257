import { ERROR_CATALOGUE, ERROR_STATUS } from '@brandvault/contract';
import type { ErrorCode, Lang } from '@brandvault/contract';

/** An API answer that was not 2xx, carrying the server's `{error}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly retryAfter?: number;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_STATUS, code);
}

/** Title from the catalogue and message from the server body (already in the caller's language). */
export function errorTexts(error: unknown, lang: Lang): { title: string; message: string } {
  const catalogue = ERROR_CATALOGUE[lang];
  if (error instanceof ApiError) {
    const entry = isErrorCode(error.code) ? catalogue[error.code] : undefined;
    const fallback = entry ?? catalogue.UNEXPECTED;
    return { title: fallback.title, message: error.message || fallback.message };
  }
  return catalogue.UNEXPECTED;
}

/** A network failure or a body that was not the error shape. */
export function unexpected(status: number): ApiError {
  return new ApiError(status, 'UNEXPECTED', '');
}
