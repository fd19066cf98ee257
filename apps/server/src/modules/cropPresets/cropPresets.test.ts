import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let other: { id: number; root: number };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Channels');
  other = await makeBrand(admin, 'Elsewhere');
});
afterAll(() => t.close());

const path = (id: number) => `/api/ops/brand/${id}/crop/presets`;

describe('crop presets of a brand', () => {
  it("are set by the brand's manager, read by its members in order, and audited", async () => {
    const manager = await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] });
    const member = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    expect((await member.client.get(path(brand.id))).json()).toEqual({
      brand_id: brand.id,
      presets: [],
      abilities: { update: false },
    });

    const presets = [
      { name: 'Instagram post', width: 1080, height: 1350 },
      { name: 'YouTube thumbnail', width: 1280, height: 720, format: 'jpeg' },
    ];
    const r = await manager.client.put(path(brand.id), { presets });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().abilities).toEqual({ update: true });

    const seen = (await member.client.get(path(brand.id))).json().presets;
    expect(seen).toMatchObject([
      { name: 'Instagram post', width: 1080, height: 1350, format: null },
      { name: 'YouTube thumbnail', width: 1280, height: 720, format: 'jpeg' },
    ]);
    expect((await member.client.put(path(brand.id), { presets: [] })).statusCode).toBe(403);

    // Reordered and one dropped: the list is replaced as sent, and the log says what changed.
    await manager.client.put(path(brand.id), { presets: [presets[1]] });
    expect((await member.client.get(path(brand.id))).json().presets).toHaveLength(1);
    const audit = (await admin.get('/api/ops/audit/all?event=brand.cropPresets')).json().items;
    expect(audit).toHaveLength(2);
    expect(audit[0].target).toMatchObject({ type: 'brand', id: brand.id });
    expect(audit[0].changes.presets).toEqual({
      before: ['Instagram post 1080×1350', 'YouTube thumbnail 1280×720'],
      after: ['YouTube thumbnail 1280×720'],
    });
  });

  it('refuses names used twice, sizes past the crop limits and bad fields, writing nothing', async () => {
    const before = (await admin.get(path(other.id))).json().presets;
    const cases: [unknown, string][] = [
      [
        {
          presets: [
            { name: 'Post', width: 10, height: 10 },
            { name: 'post', width: 20, height: 20 },
          ],
        },
        'presets.1.name',
      ],
      [{ presets: [{ name: 'Huge', width: 16000, height: 16000 }] }, 'presets.0.width'],
      [{ presets: [{ name: 'Wide', width: 20000, height: 10 }] }, 'presets.0.width'],
      [{ presets: [{ name: '', width: 10, height: 10 }] }, 'presets.0.name'],
      [{ presets: [{ name: 'Gif', width: 10, height: 10, format: 'gif' }] }, 'presets.0.format'],
    ];
    for (const [body, field] of cases) {
      const r = await admin.put(path(other.id), body);
      expect(r.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(r.json().error.fields)).toContain(field);
    }
    const es = await makeUser(t, admin, { lang: 'es', roles: ['manager'], brands: [other.id] });
    const spanish = await es.client.put(path(other.id), cases[0]![0]);
    expect(spanish.json().error.fields['presets.1.name']).toMatch(/ya es el nombre/);
    expect((await admin.get(path(other.id))).json().presets).toEqual(before);
  });

  it("answers 404 for a brand the caller is not in, even to another brand's manager", async () => {
    const outsider = await makeUser(t, admin, { roles: ['manager'], brands: [other.id] });
    expect((await outsider.client.get(path(brand.id))).statusCode).toBe(404);
    expect((await outsider.client.put(path(brand.id), { presets: [] })).statusCode).toBe(404);
    expect((await admin.get(path(999999))).statusCode).toBe(404);
  });
});
