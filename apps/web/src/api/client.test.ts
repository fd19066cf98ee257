import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@brandvault/contract';
import { useSession } from '../state/session';
import { loginAnswer } from '../test/fixtures';
import { buildUrl, call, callForm, setUnauthenticatedHandler, toFormData } from './client';
import { ApiError } from './errors';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

describe('api client', () => {
  beforeEach(() => {
    clearCookies();
    useSession.getState().reset();
  });
  afterEach(() => setUnauthenticatedHandler(() => undefined));

  it('fills path params and skips empty query values', () => {
    expect(buildUrl(routes.userApprove.path, { id: 12 })).toBe('/api/ops/users/12/status/approve');
    expect(buildUrl(routes.usersAll.path, undefined, { page: 2, search: '', status: 'PENDING' })).toBe(
      '/api/ops/users/all?page=2&status=PENDING',
    );
  });

  it('sends bearer, language and the decoded XSRF cookie; fetches the cookie first when missing', async () => {
    useSession.getState().signIn(loginAnswer);
    const seen: { url: string; headers: Record<string, string> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        seen.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
        if (url === routes.csrfCookie.path) {
          document.cookie = 'XSRF-TOKEN=abc%3D.sig; path=/';
          return new Response(null, { status: 204 });
        }
        return json(200, { message: 'ok' });
      }),
    );
    await call(routes.updatePassword, {
      body: { current_password: 'x', password: 'longenough', password_confirmation: 'longenough' },
    });
    expect(seen.map((s) => s.url)).toEqual([routes.csrfCookie.path, routes.updatePassword.path]);
    const headers = seen[1]?.headers ?? {};
    expect(headers.Authorization).toBe('Bearer test-token');
    expect(headers['X-XSRF-TOKEN']).toBe('abc=.sig');
    expect(headers['Accept-Language']).toBe('en');
    expect(headers.Accept).toBe('application/json');
  });

  it('retries once after a 419 with a fresh cookie', async () => {
    document.cookie = 'XSRF-TOKEN=old; path=/';
    let attempts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        if (String(input) === routes.csrfCookie.path) {
          document.cookie = 'XSRF-TOKEN=new; path=/';
          return new Response(null, { status: 204 });
        }
        attempts += 1;
        return attempts === 1
          ? json(419, { error: { status: 419, code: 'CSRF_MISMATCH', message: 'expired' } })
          : json(200, { message: 'sent' });
      }),
    );
    await expect(call(routes.forgotPassword, { body: { email: 'a@b.co' } })).resolves.toEqual({ message: 'sent' });
    expect(attempts).toBe(2);
  });

  it('throws ApiError with fields, and hands a 401 to the unauthenticated handler', async () => {
    const onUnauth = vi.fn();
    setUnauthenticatedHandler(onUnauth);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(401, { error: { status: 401, code: 'UNAUTHENTICATED', message: 'login first' } })),
    );
    const error = await call(routes.me).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('UNAUTHENTICATED');
    expect(onUnauth).toHaveBeenCalledTimes(1);

    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === routes.csrfCookie.path
          ? new Response(null, { status: 204 })
          : json(422, {
              error: {
                status: 422,
                code: 'INVALID_DATA',
                message: 'bad',
                fields: { email: 'Email must be a valid email' },
              },
            }),
      ),
    );
    const invalid = (await call(routes.login, { body: { email: 'x@y.co', password: 'p' } }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(invalid.fields).toEqual({ email: 'Email must be a valid email' });
    expect(onUnauth).toHaveBeenCalledTimes(1);
  });

  it('sends multipart forms with the same auth headers and lets the browser set the boundary', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    useSession.getState().signIn(loginAnswer);
    document.cookie = 'XSRF-TOKEN=tok; path=/';
    const seen: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push({ url: String(input), init });
        return json(200, { brand: { id: 3 } });
      }),
    );
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    const form = toFormData({
      name: 'Acme',
      logo: file,
      logo_crop: { x: 1, y: 2, width: 30, height: 30 },
      image: undefined,
      remove_image: true,
    });
    await callForm(routes.brandUpdate, { params: { id: 3 }, form });
    expect(seen[0]?.url).toBe('/api/ops/brand/3/update');
    expect(seen[0]?.init?.method).toBe('POST');
    const headers = (seen[0]?.init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer test-token');
    expect(headers['X-XSRF-TOKEN']).toBe('tok');
    expect(headers['Content-Type']).toBeUndefined();
    const body = seen[0]?.init?.body as FormData;
    expect(body.get('name')).toBe('Acme');
    expect(body.get('logo_crop')).toBe('{"x":1,"y":2,"width":30,"height":30}');
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.has('image')).toBe(false);
    expect(body.get('remove_image')).toBe('true');
  });

  it('keeps the session when a 401 answers a token that was replaced meanwhile', async () => {
    const onUnauth = vi.fn();
    setUnauthenticatedHandler(onUnauth);
    useSession.getState().signIn({ ...loginAnswer, token: 'emulated-token' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        // Finishing an emulation swaps the token while this request is in flight.
        useSession.getState().signIn({ ...loginAnswer, token: 'admin-token' });
        return json(401, { error: { status: 401, code: 'UNAUTHENTICATED', message: 'login first' } });
      }),
    );
    await expect(call(routes.me)).rejects.toBeInstanceOf(ApiError);
    expect(onUnauth).not.toHaveBeenCalled();
    expect(useSession.getState().token).toBe('admin-token');
  });
});
