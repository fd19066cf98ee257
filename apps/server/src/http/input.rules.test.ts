import sharp from 'sharp';
import { fieldLabel } from '@brandvault/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeFolder, multipart, startApp } from '../../test/harness.js';
import type { Client, TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let asset: number;

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Input Co');
  folder = await makeFolder(admin, brand.id, 'Inputs');
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#456' } })
    .png()
    .toBuffer();
  const up = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${folder}/new`,
    multipart({}, [{ field: 'files', name: 'dot.png', type: 'image/png', data: png }]),
  );
  asset = up.json().results[0].asset_id;
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('control characters', () => {
  it('are refused in every kind of text field with a field message, on either database', async () => {
    const cases: [string, string, string, unknown, string][] = [
      ['PATCH', '/api/auth/user/update', 'company', { company: `Ac${NUL}me` }, 'company'],
      ['POST', '/api/ops/brand/create', 'brand name', { name: `Br${NUL}and`, slug: 'nul-brand' }, 'name'],
      [
        'POST',
        '/api/ops/folder/new',
        'folder name',
        { brand_id: brand.id, name: `F\u0007older`, visibility: 'PUBLIC' },
        'name',
      ],
      ['PUT', `/api/ops/asset/${asset}/edit`, 'asset name', { name: `x${NUL}.png` }, 'name'],
      ['PUT', `/api/ops/asset/${asset}/edit`, 'keywords', { keywords: ['ok', `b${NUL}ad`] }, 'keywords.1'],
      ['POST', `/api/ops/asset/list/all/${brand.root}`, 'search words', { q: `hero${NUL}` }, 'q'],
      ['POST', `/api/ops/asset/list/all/${brand.root}`, 'filters', { author: [`A\u001b[31m`] }, 'author.0'],
    ];
    for (const [method, url, what, body, field] of cases) {
      const r = await admin.req(method, url, body);
      expect(r.statusCode, what).toBe(422);
      expect(r.json().error.fields[field], what).toBe(
        `${fieldLabel('en', field)} contains characters that are not allowed`,
      );
    }
    const query = await admin.get(`/api/ops/users/all?search=${encodeURIComponent(`a${NUL}b`)}`);
    expect(query.statusCode).toBe(422);
    const signup = await t.client().post('/api/auth/register', {
      first_name: `N${NUL}`,
      last_name: 'B',
      email: 'nul@example.com',
      password: 'a-fine-password',
      password_confirmation: 'a-fine-password',
    });
    expect(signup.statusCode).toBe(422);
    expect((await admin.get(`/api/ops/asset/${asset}/view`)).json().asset.name).toBe('dot.png');
  });

  it('keep tabs and new lines where text may span lines, and nowhere else', async () => {
    const multi = await admin.put(`/api/ops/asset/${asset}/edit`, { description: 'Line one\n\tLine two\r\n' });
    expect(multi.statusCode, multi.body).toBe(200);
    expect(multi.json().asset.description).toBe('Line one\n\tLine two');
    expect((await admin.put(`/api/ops/asset/${asset}/edit`, { language: 'en\nes' })).statusCode).toBe(422);
  });
});

describe('ids in paths and queries', () => {
  it('are canonical positive integers only', async () => {
    const me = (await admin.get('/api/auth/me')).json().session_user.id;
    expect((await admin.get(`/api/ops/users/${me}`)).statusCode).toBe(200);
    for (const id of ['0x1', `%20${me}`, `0${me}`, `${me}.0`, '1e0', '0', '-1', '2147483648', '9007199254740993']) {
      const r = await admin.get(`/api/ops/users/${id}`);
      expect([404, 422], id).toContain(r.statusCode);
    }
    expect((await admin.get(`/api/ops/folder/0x${folder.toString(16)}`)).statusCode).toBe(422);
    expect((await admin.get(`/api/ops/users/all?page=0x2`)).statusCode).toBe(422);
    expect((await admin.get(`/api/ops/users/all?page=2`)).statusCode).toBe(200);
  });
});
