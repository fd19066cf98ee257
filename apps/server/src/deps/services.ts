/**
 * Every service the routes use. Each service file adds its own by declaration merging:
 *
 *   declare module '../../deps/services.js' {
 *     interface Services { assets: AssetsService }
 *   }
 *
 * and the composition root's `makeServices(deps): Services` (src/services.ts) builds them all,
 * so the compiler proves the list complete while no route imports the root.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Services {}
