import type { RouteDef } from '@brandvault/contract';
import { buildUrl, readError } from '../../api/client';
import { xsrfToken } from '../../api/csrf';
import { unexpected } from '../../api/errors';
import { currentLang } from '../../i18n';
import { useSession } from '../../state/session';
import { follow } from '../downloads/api';

/** The file name of an attachment answer (its UTF-8 form first), else `fallback`. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const utf = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (utf) return decodeURIComponent(utf);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * Calls a route that answers a file (`raw` xlsx reports) with the session's bearer, language and
 * XSRF header, and hands the file to the browser's own download. Errors come back as ApiError,
 * as with `call`.
 */
export async function saveFile(
  route: RouteDef,
  opts: { params?: unknown; query?: unknown; body?: unknown },
  fallbackName: string,
): Promise<void> {
  const headers: Record<string, string> = { 'Accept-Language': currentLang() };
  const token = useSession.getState().token;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (route.method !== 'GET') {
    const xsrf = await xsrfToken();
    if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  }
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(buildUrl(route.path, opts.params, opts.query), {
      method: route.method,
      headers,
      credentials: 'include',
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
  } catch {
    throw unexpected(0);
  }
  if (!res.ok) throw await readError(res);
  const url = URL.createObjectURL(await res.blob());
  try {
    follow(url, fileNameOf(res.headers.get('content-disposition'), fallbackName));
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
