import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let a: { id: number };
let b: { id: number };
let manager: { client: Client; id: number };
const stats = (c: Client, body: Record<string, unknown> = {}) => c.req('PUT', '/api/ops/users/statistics', body);

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  a = await makeBrand(admin, 'Stats A');
  b = await makeBrand(admin, 'Stats B');
  manager = await makeUser(t, admin, { roles: ['manager'], brands: [a.id] });
  await makeUser(t, admin, { roles: ['member'], brands: [a.id] });
  await makeUser(t, admin, { roles: ['guest'], brands: [a.id, b.id] });
  await makeUser(t, admin, { roles: ['member'], brands: [b.id] });
  await makeUser(t, admin, { roles: ['member'], brands: [b.id], status: 'INACTIVE' });
});
afterAll(() => t.close());

describe('users statistics', () => {
  it('counts everyone for an administrator, by status, role, brand and sign-up day', async () => {
    const r = await stats(admin);
    expect(r.statusCode).toBe(200);
    const s = r.json();
    expect(s.by_status.INACTIVE).toBe(1);
    expect(s.by_role.member).toBe(3);
    expect(s.by_brand.find((x: { id: number }) => x.id === b.id).count).toBe(3);
    expect(s.signups.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: expect.any(Number) });
    expect(s.total).toBe(s.signups.reduce((n: number, d: { count: number }) => n + d.count, 0));
    const onlyB = (await stats(admin, { brand_id: b.id })).json();
    expect(onlyB.total).toBe(3);
  });

  it("counts only the people a manager shares a brand with, and none of their colleagues' other brands", async () => {
    const s = (await stats(manager.client)).json();
    expect(s.total).toBe(3);
    expect(s.by_status).toEqual({ ACTIVE: 3 });
    expect(s.by_brand).toEqual([{ id: a.id, name: 'Stats A', count: 3 }]);
    expect((await stats(manager.client, { brand_id: b.id })).statusCode).toBe(404);
    expect((await stats(manager.client, { days: 0 })).statusCode).toBe(422);
  });
});
