import { authPaths } from '@brandvault/contract';

const COOKIE = 'XSRF-TOKEN';

export function readXsrfCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let pending: Promise<void> | null = null;

/** Asks the server for a fresh XSRF-TOKEN cookie; concurrent callers share one request. */
export function refreshXsrfCookie(): Promise<void> {
  pending ??= fetch(authPaths.csrfCookie.path, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}

export async function xsrfToken(): Promise<string | null> {
  const existing = readXsrfCookie();
  if (existing) return existing;
  await refreshXsrfCookie();
  return readXsrfCookie();
}
