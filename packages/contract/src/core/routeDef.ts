// zod's browser settings before any schema here is made or used: the bundle drops the index
// (no side effects of its own), so the modules every schema starts from import it themselves.
import '../zodSetup.js';
import type { z } from 'zod';
import type { ErrorCode } from './errors.js';
import type { PermissionName, RoleName } from './permissions.js';

/**
 * Who may call a route: anyone, only a signed-out caller, any signed-in user, or a signed-in
 * user holding a permission or role. Object-level rules (brand assignment, visibility) are the
 * services' policies.
 */
export type Access = 'public' | 'guest' | 'user' | { permission: PermissionName } | { role: RoleName };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: Method;
  path: string;
  access: Access;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  status?: number;
  /**
   * Multipart bodies: `form` = small fields + files read by the server before the handler (the
   * fields are validated with `body`; JSON without files is accepted too); `stream` = the handler
   * streams the parts itself (uploads).
   */
  multipart?: 'form' | 'stream';
  /** File fields of a multipart body. */
  files?: readonly string[];
  /** A `stream` route's file field may repeat (many files in one request). */
  manyFiles?: true;
  /** The other fields of a `stream` multipart body (read by the handler; described in the API docs). */
  fields?: z.ZodType;
  /**
   * The largest file a `form` route takes, when smaller than the server's own limit: a larger one
   * is a 422 on its field (else a 413).
   */
  maxFileBytes?: number;
  /** Answers that are not JSON (files): `response` is then not used to serialise. */
  raw?: true;
  /**
   * Refused (403) to a request made with an API key: managing keys, two-factor and SSO settings,
   * emulation, signing out and changing the account's password or e-mail need a signed-in session.
   */
  sessionOnly?: true;
  /** Rate limit per caller (user or IP) and route: at most `max` calls a minute. */
  rateLimit?: { max: number; code?: ErrorCode };
}

/** Where a route lives: enough for the browser to call it by (`schemas/<domain>.paths.ts`). */
export type RoutePath = Pick<RouteDef, 'method' | 'path'>;

/** One route of a domain's table (`schemas/<domain>.routes.ts`): checked, with its exact type kept. */
export const def = <T extends RouteDef>(r: T) => r;

type Table = Readonly<Record<string, RouteDef>>;

/** Route names that are in more than one of the tables. */
type Clashes<T extends readonly Table[], Seen extends PropertyKey = never> = T extends readonly [
  infer Head extends Table,
  ...infer Rest extends readonly Table[],
]
  ? (keyof Head & Seen) | Clashes<Rest, Seen | keyof Head>
  : never;

type Joined<T extends readonly Table[]> = T extends readonly [infer Head, ...infer Rest extends readonly Table[]]
  ? Head & Joined<Rest>
  : unknown;

/**
 * The domains' tables as one, in the order given. A name in two domains does not compile (in a
 * plain spread the later one would silently replace the other).
 */
export function joinRoutes<T extends readonly Table[]>(
  ...domains: T & ([Clashes<T>] extends [never] ? unknown : { 'route names in two domains': Clashes<T> })
): { readonly [K in keyof Joined<T>]: Joined<T>[K] } {
  return Object.assign({}, ...domains);
}
