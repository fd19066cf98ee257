import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  assetRow,
  insertAssets,
  makeBrand,
  makeFolder,
  makeUser,
  startApp,
} from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
let A: { id: number; root: number };
let B: { id: number; root: number };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  A = await makeBrand(admin, 'Expiry A');
  B = await makeBrand(admin, 'Expiry B');
  const fa = await makeFolder(admin, A.id, 'Photos');
  const fb = await makeFolder(admin, B.id, 'Photos');
  const hidden = await makeFolder(admin, A.id, 'Private', undefined, 'PRIVATE');
  let n = 0;
  const row = (brand: number, folder: number, availability: string, over: Record<string, unknown> = {}) =>
    assetRow(brand, folder, `stats-rights-${++n}`, {
      availability,
      availability_date: '2027-01-01',
      review_state: 'approved',
      ...over,
    });
  await insertAssets(t.built.handle.db, [
    row(A.id, fa, 'expiring'),
    row(A.id, fa, 'expiring'),
    row(A.id, fa, 'expired'),
    row(A.id, fa, 'expired', { status: 'INACTIVE' }),
    row(A.id, fa, 'expired', { review_state: 'pending' }),
    row(A.id, hidden, 'expiring'),
    row(A.id, fa, 'available'),
    row(A.id, fa, 'embargoed'),
    row(B.id, fb, 'expired'),
  ]);
});
afterAll(() => t.close());

const rights = async (c: Client, body: Record<string, unknown> = {}) => {
  const r = await c.put('/api/ops/asset/statistics', body);
  expect(r.statusCode, r.body).toBe(200);
  return r.json().rights;
};

describe('usage-rights counts on the dashboard', () => {
  it('count active, approved expiring and expired assets per brand the caller sees', async () => {
    const all = await rights(admin);
    expect(all.by_brand.filter((b: { id: number }) => b.id === A.id || b.id === B.id)).toEqual([
      { id: A.id, expiring: 3, expired: 1 },
      { id: B.id, expiring: 0, expired: 1 },
    ]);
    expect(await rights(admin, { brand_id: B.id })).toEqual({
      expiring: 0,
      expired: 1,
      by_brand: [{ id: B.id, expiring: 0, expired: 1 }],
    });
  });

  it('leave out what a member may not see, and expired assets for guests', async () => {
    const member = await makeUser(t, admin, { roles: ['member'], brands: [A.id] });
    expect(await rights(member.client)).toEqual({
      expiring: 3,
      expired: 1,
      by_brand: [{ id: A.id, expiring: 3, expired: 1 }],
    });
    // A guest with the dashboard: no private content, and expired assets are out of their reach.
    const guest = await makeUser(t, admin, { roles: ['guest'], brands: [A.id], permissions: ['dashboard.view'] });
    expect(await rights(guest.client)).toEqual({
      expiring: 2,
      expired: 0,
      by_brand: [{ id: A.id, expiring: 2, expired: 0 }],
    });
  });
});
