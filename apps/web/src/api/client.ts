import { authPaths } from '@brandvault/contract';
import type { RouteAt, RouteDef, RoutePath } from '@brandvault/contract';
import { currentLang } from '../i18n';
import { useSession } from '../state/session';
import { refreshXsrfCookie, xsrfToken } from './csrf';
import { ApiError, unexpected } from './errors';

type Schema = { _zod: { input: unknown; output: unknown } };
type In<S> = S extends Schema ? S['_zod']['input'] : never;
type Out<S> = S extends Schema ? S['_zod']['output'] : never;

export type CallOptions<R extends RouteDef> = (R extends { params: infer P }
  ? { params: In<P> }
  : { params?: undefined }) &
  (R extends { query: infer Q } ? { query?: In<Q> } : { query?: undefined }) &
  (R extends { body: infer B } ? { body: In<B> } : { body?: undefined }) & { signal?: AbortSignal };

export type CallResult<R extends RouteDef> = Out<R['response']>;

/**
 * A route of the contract, or its method and path alone (`<domain>.paths.ts`), whose types come
 * from the contract's table: the sign-in screens call by path so zod stays off the first load.
 */
type Full<R extends RoutePath> = R extends RouteDef ? R : RouteAt<R>;
/** What `request` reads of a route: a call by path has no answer schema. */
type Callable = RoutePath & { response?: RouteDef['response'] };

type AnyOptions = { params?: unknown; query?: unknown; body?: unknown; form?: FormData; signal?: AbortSignal };
type Args<R extends RouteDef> = object extends CallOptions<R> ? [opts?: CallOptions<R>] : [opts: CallOptions<R>];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let onUnauthenticated: () => void = () => undefined;

/** The app registers how to leave for /login; the client itself knows nothing of the router. */
export function setUnauthenticatedHandler(handler: () => void) {
  onUnauthenticated = handler;
}

export function buildUrl(path: string, params?: unknown, query?: unknown): string {
  const p = (params ?? {}) as Record<string, unknown>;
  const filled = path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(p[key] ?? '')));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

async function send(route: Callable, opts: AnyOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLang(),
  };
  const token = useSession.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (UNSAFE.has(route.method)) {
    const xsrf = await xsrfToken();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  // Fastify refuses an empty JSON body, so routes without one send no body and no content type.
  let body: string | FormData | undefined;
  if (opts.form !== undefined) {
    // The browser writes the multipart boundary into Content-Type itself.
    body = opts.form;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(buildUrl(route.path, opts.params, opts.query), {
    method: route.method,
    headers,
    body,
    credentials: 'include',
    signal: opts.signal,
  });
}

export async function readError(res: Response): Promise<ApiError> {
  const retry = Number(res.headers.get('retry-after'));
  try {
    const json = (await res.json()) as {
      error?: { status?: number; code?: string; message?: string; fields?: Record<string, string> };
    };
    const e = json.error;
    if (!e || typeof e.code !== 'string') return unexpected(res.status);
    return new ApiError(
      e.status ?? res.status,
      e.code,
      e.message ?? '',
      e.fields,
      Number.isFinite(retry) && retry > 0 ? retry : undefined,
    );
  } catch {
    return unexpected(res.status);
  }
}

/** Calls one route of the contract and returns its parsed answer, or throws an ApiError. */
export async function call<R extends RoutePath>(route: R, ...args: Args<Full<R>>): Promise<CallResult<Full<R>>> {
  return request<CallResult<Full<R>>>(route, (args[0] ?? {}) as AnyOptions);
}

export type FormCallOptions<R extends RouteDef> = (R extends { params: infer P }
  ? { params: In<P> }
  : { params?: undefined }) &
  (R extends { query: infer Q } ? { query?: In<Q> } : { query?: undefined }) & { form: FormData; signal?: AbortSignal };

/**
 * The multipart variant of `call` for routes that take files (`multipart: 'form'`): the same
 * bearer, language and XSRF headers, the same 419 retry and error handling, with a FormData body.
 */
export async function callForm<R extends RouteDef & { multipart: 'form' }>(
  route: R,
  opts: FormCallOptions<R>,
): Promise<CallResult<R>> {
  return request<CallResult<R>>(route, opts as AnyOptions);
}

/** Builds FormData from plain fields: objects become JSON strings, files stay files, nullish is skipped. */
export function toFormData(fields: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value, value instanceof File ? value.name : key);
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  }
  return form;
}

async function request<T>(route: Callable, opts: AnyOptions): Promise<T> {
  let res: Response;
  // `send` reads the token before its first await, so this is the token the request carried.
  let sentWith = useSession.getState().token;
  try {
    res = await send(route, opts);
    if (res.status === 419 && UNSAFE.has(route.method)) {
      // The XSRF cookie expired: fetch a new one and try exactly once more.
      await refreshXsrfCookie();
      sentWith = useSession.getState().token;
      res = await send(route, opts);
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw unexpected(0);
  }
  if (!res.ok) {
    const error = await readError(res);
    // A share link's password is not the session's: asking for it keeps the user signed in.
    // A 401 for a token already replaced (emulation's start or end swaps it) is not a sign-out.
    const stale = sentWith !== useSession.getState().token;
    if (res.status === 401 && !stale && route.path !== authPaths.login.path && error.code !== 'PASSWORD_REQUIRED')
      onUnauthenticated();
    throw error;
  }
  const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  // The server sends every answer through its schema; a call by path trusts that one.
  if (!route.response) return data as T;
  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    // A drifted answer should not blank the screen: keep the data and say so in the console.
    console.warn(`Unexpected answer shape from ${route.method} ${route.path}`, parsed.error.issues);
    return data as T;
  }
  return parsed.data as T;
}
