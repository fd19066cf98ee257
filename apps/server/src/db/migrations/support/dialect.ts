/**
 * The database a migration runs on, passed by migrate.ts. Migrations import nothing from the
 * live code (a migration is history: it keeps building the same schema whatever the code
 * becomes); what they share is frozen in this folder.
 */
export type Dialect = 'sqlite' | 'postgres';
