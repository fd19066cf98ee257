import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { APIResponse, Page } from '@playwright/test';
import { startingToken } from './session';

/**
 * Calls the API as the signed-in page does (bearer token from the persisted session, XSRF
 * double-submit cookie), to seed data faster than through the screens.
 */
export async function apiAs(page: Page) {
  // A page that has not loaded the app yet has no storage to read: its context's stored sign-in has.
  const token = page.url().startsWith('http')
    ? await page.evaluate(() => {
        const raw = localStorage.getItem('brandvault-state');
        return raw ? (JSON.parse(raw) as { state: { token: string | null } }).state.token : null;
      })
    : startingToken(page.context());
  if (!token) throw new Error('not signed in');
  const xsrf = async () => {
    let cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) {
      await page.request.get('/api/auth/csrf-cookie');
      cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
    }
    return decodeURIComponent(cookie!.value);
  };
  const headers = async () => ({
    Authorization: `Bearer ${token}`,
    Accept: 'application/json',
    'X-XSRF-TOKEN': await xsrf(),
  });
  const ok = async <T>(res: APIResponse): Promise<T> => {
    if (!res.ok()) throw new Error(`${res.url()} answered ${res.status()}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const send = async <T>(method: 'POST' | 'PUT' | 'PATCH', path: string, data: unknown) =>
    ok<T>(await page.request.fetch(path, { method, headers: await headers(), data }));
  return {
    get: async <T>(path: string) => ok<T>(await page.request.get(path, { headers: await headers() })),
    send,
    /** A new brand named `name` (its slug made from the name); its id and root folder's id. */
    newBrand: async (name: string) =>
      (
        await send<{ brand: { id: number; root_folder_id: number } }>('POST', '/api/ops/brand/create', {
          name,
          slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        })
      ).brand,
    /** A new PUBLIC folder under `parentId`; its id. */
    newFolder: async (brandId: number, parentId: number, name: string) =>
      (
        await send<{ folder: { id: number } }>('POST', '/api/ops/folder/new', {
          brand_id: brandId,
          parent_id: parentId,
          name,
          visibility: 'PUBLIC',
        })
      ).folder.id,
    form: async <T>(path: string, multipart: Record<string, string>) =>
      ok<T>(await page.request.post(path, { headers: await headers(), multipart })),
    /** Multipart upload of files (parts named `files`) into a folder; returns the new asset ids. */
    upload: async (brandId: number, folderId: number, files: string[]) => {
      // Several parts under one name: build the body by hand, APIRequestContext cannot repeat a key.
      const boundary = `----bv${Date.now().toString(36)}`;
      const parts = files.map((f) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${basename(f)}"\r\n` +
              'Content-Type: application/octet-stream\r\n\r\n',
          ),
          readFileSync(f),
          Buffer.from('\r\n'),
        ]),
      );
      const body = Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
      const answer = await ok<{ results: { file_name: string; status: string; asset_id?: number }[] }>(
        await page.request.post(`/api/ops/asset/${brandId}/${folderId}/new`, {
          headers: { ...(await headers()), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
          data: body,
        }),
      );
      const bad = answer.results.filter((r) => r.status !== 'created');
      if (bad.length) throw new Error(`upload refused: ${JSON.stringify(bad)}`);
      return Object.fromEntries(answer.results.map((r) => [r.file_name, r.asset_id!]));
    },
  };
}
