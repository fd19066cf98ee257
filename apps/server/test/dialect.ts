/** The database the suite runs on: TEST_DB=postgres, else SQLite. */
export const dialect = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
