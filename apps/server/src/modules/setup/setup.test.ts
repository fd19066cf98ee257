import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
});
afterAll(() => t.close());

const entries = (event: string) =>
  t.built.handle.db.selectFrom('audit_log').selectAll().where('event', '=', event).orderBy('seq').execute();

// In order: a fresh installation, named, then finished.
describe('first run', () => {
  it('starts not done, with no organisation name, for the administrator only', async () => {
    expect((await admin.get('/api/ops/setup')).json()).toEqual({ done: false, org_name: null, finished_at: null });
    expect((await t.client().get('/api/organisation')).json()).toEqual({ name: null });
    const { client } = await makeUser(t, admin, { roles: ['manager'] });
    expect((await client.get('/api/ops/setup')).statusCode).toBe(403);
    expect((await client.put('/api/ops/setup/organisation', { name: 'Nope' })).statusCode).toBe(403);
  });

  it('names the organisation, audits the change and shows it to anyone', async () => {
    const r = await admin.put('/api/ops/setup/organisation', { name: '  Acme Coffee  ' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ done: false, org_name: 'Acme Coffee' });
    expect((await t.client().get('/api/organisation')).json()).toEqual({ name: 'Acme Coffee' });

    await admin.put('/api/ops/setup/organisation', { name: 'Acme Coffee Co.' });
    // The same name again changes nothing and records nothing.
    await admin.put('/api/ops/setup/organisation', { name: 'Acme Coffee Co.' });
    const changes = (await entries('settings.org_name')).map((e) => JSON.parse(e.details).changes);
    expect(changes).toEqual([
      { name: { before: null, after: 'Acme Coffee' } },
      { name: { before: 'Acme Coffee', after: 'Acme Coffee Co.' } },
    ]);
  });

  it('answers 422 with a field message for an empty or overlong name', async () => {
    for (const name of ['   ', 'x'.repeat(101)]) {
      const r = await admin.put('/api/ops/setup/organisation', { name });
      expect(r.statusCode).toBe(422);
      expect(Object.keys(r.json().error.fields)).toEqual(['name']);
    }
    expect((await admin.get('/api/ops/setup')).json().org_name).toBe('Acme Coffee Co.');
  });

  it('is done once skipped, and a second finish changes nothing', async () => {
    const r = await admin.post('/api/ops/setup/finish', { outcome: 'skipped' });
    expect(r.json()).toEqual({ done: true, org_name: 'Acme Coffee Co.', finished_at: expect.any(String) });
    const again = await admin.post('/api/ops/setup/finish', { outcome: 'completed' });
    expect(again.json().finished_at).toBe(r.json().finished_at);
    const found = await entries('settings.setup_finish');
    expect(found).toHaveLength(1);
    expect(JSON.parse(found[0]!.details).info).toEqual({ outcome: 'skipped' });
    expect((await admin.post('/api/ops/setup/finish', { outcome: 'later' })).statusCode).toBe(422);
  });
});

describe('an installation already in use', () => {
  it('counts as set up as soon as a brand exists', async () => {
    const other = await startApp();
    try {
      const a = await adminClient(other);
      expect((await a.get('/api/ops/setup')).json().done).toBe(false);
      await makeBrand(a, 'First Brand');
      expect((await a.get('/api/ops/setup')).json()).toEqual({ done: true, org_name: null, finished_at: null });
    } finally {
      await other.close();
    }
  });
});
