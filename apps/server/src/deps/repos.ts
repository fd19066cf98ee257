/**
 * Every repository over one connection (the database itself, or a transaction). Each
 * `modules/<domain>/*.repo.ts` adds its own by declaration merging:
 *
 *   declare module '../../deps/repos.js' {
 *     interface Repos { assets: AssetsRepo }
 *   }
 *
 * and the composition root's `makeRepos(db): Repos` (src/repos.ts) builds them all in one place,
 * so the compiler proves the registry complete while no domain imports the root.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Repos {}
