import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connectionErrors.js';

const err = (message: string, more: object = {}) => Object.assign(new Error(message), more);

describe('connection errors', () => {
  it('are told from errors of the request itself', () => {
    const away = [
      err('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
      err('terminating connection due to administrator command', { code: '57P01' }),
      err('the database system is starting up', { code: '57P03' }),
      err('connection failure', { code: '08006' }),
      err('Connection terminated unexpectedly'),
      err('timeout exceeded when trying to connect'),
      new AggregateError([err('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })], ''),
      err('query failed', { cause: err('read ECONNRESET', { code: 'ECONNRESET' }) }),
    ];
    for (const e of away) expect(isConnectionError(e), e.message).toBe(true);
    const wrong = [
      err('duplicate key value violates unique constraint', { code: '23505' }),
      err('syntax error at or near "x"', { code: '42601' }),
      err('SQLITE_BUSY: database is locked', { code: 'SQLITE_BUSY' }),
      null,
      'ECONNREFUSED',
    ];
    for (const e of wrong) expect(isConnectionError(e)).toBe(false);
  });
});
