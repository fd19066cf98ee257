/** The database the suite runs on: TEST_DB=postgres, else SQLite. */
export const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';

/**
 * For tests that bring their own services (a throwaway PostgreSQL or Redis) or test no database
 * behaviour (files other programs wrote): they run in one pass of the suite, the PostgreSQL pass
 * when TEST_DATABASE_URL is set and the SQLite pass otherwise, and are skipped (and listed so) in
 * the job pass on Redis and the other Node versions' SQLite passes, where they would only repeat.
 */
export const onePass = process.env.TEST_QUEUE !== 'redis' && (dialect === 'postgres' || !process.env.TEST_DATABASE_URL);
