import { AppError } from './errors.js';

export { isConnectionError } from '../db/connectionErrors.js';

/** What a 503 tells the client to wait before trying again, in seconds. */
export const RETRY_AFTER_SECONDS = 5;

/** The 503 a request gets while the database (or Redis) cannot be reached. */
export const unavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } });
