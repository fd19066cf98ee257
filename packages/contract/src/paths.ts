import type { RoutePath } from './core/routeDef.js';
import type { RouteName, Routes } from './routes.js';
import { accountPaths as accountAt } from './schemas/account.paths.js';
import { authPaths as authAt } from './schemas/auth.paths.js';
import { setupPaths as setupAt } from './schemas/setup.paths.js';
import { ssoPaths as ssoAt } from './schemas/sso.paths.js';

/**
 * The routes the sign-in screens call, by method and path alone: importing these brings no
 * schema and no zod into the first page (routes.ts holds the full tables).
 */
type Named<T> = { readonly [K in keyof T]: T[K] & { readonly route?: K } };
export const accountPaths: Named<typeof accountAt> = accountAt;
export const authPaths: Named<typeof authAt> = authAt;
export const setupPaths: Named<typeof setupAt> = setupAt;
export const ssoPaths: Named<typeof ssoAt> = ssoAt;

/** The route a paths table's entry names: the types of a call made by path. */
export type RouteAt<P extends RoutePath> = P extends { readonly route?: infer N }
  ? Routes[Exclude<N, undefined> & RouteName]
  : never;
