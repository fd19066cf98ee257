import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { colOf, load, rowOf, save, settled, upload } from './reports.fixtures.js';

let t: TestApp;
let admin: Client;
let A: { id: number };
let B: { id: number };
let lead: { client: Client; id: number; email: string };
let ana: { client: Client; id: number; email: string };
let bob: { client: Client; id: number; email: string };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  A = await makeBrand(admin, 'People Co');
  B = await makeBrand(admin, 'Elsewhere');
  // A manager who may also update users from a template, within brand A.
  lead = await makeUser(t, admin, { roles: ['manager'], brands: [A.id], permissions: ['user.update', 'user.manage'] });
  ana = await makeUser(t, admin, { roles: ['member'], brands: [A.id], first_name: 'Ana' });
  bob = await makeUser(t, admin, { roles: ['member'], brands: [A.id], first_name: 'Bob' });
  await makeUser(t, admin, { roles: ['member'], brands: [B.id], first_name: 'Hidden' });
});
afterAll(() => t?.close());

async function applied(c: Client, id: number) {
  const ready = await settled(c, id, 'previewing');
  expect(ready.state).toBe('ready');
  expect((await c.post(`/api/ops/report/import/${id}/apply`, {})).statusCode).toBe(202);
  let r = await settled(c, id, 'scheduled');
  if (r.state === 'applying') r = await settled(c, id, 'applying');
  return { ready, done: r };
}

describe('the users report and template', () => {
  it('lists the users the caller sees, with roles, brands, status and dates', async () => {
    const r = await lead.client.get('/api/ops/report/get/users/all');
    expect(r.statusCode).toBe(200);
    const ws = (await load(r.rawPayload)).getWorksheet('Users')!;
    const emails = ws.getColumn(2).values.slice(2);
    expect(emails).toEqual(expect.arrayContaining([ana.email, bob.email, lead.email]));
    expect(emails.some((e) => String(e).includes('Hidden'))).toBe(false);
    expect(ws.rowCount).toBe(4);
    const row = rowOf(ws, ana.id);
    expect(row.getCell(colOf(ws, 'Roles')).value).toBe('member');
    expect(row.getCell(colOf(ws, 'Brands')).value).toBe('People Co');
    expect(row.getCell(colOf(ws, 'Status')).value).toBe('ACTIVE');
    expect(String(row.getCell(colOf(ws, 'Last sign-in')).value)).toMatch(/^\d{4}-\d\d-\d\d /);
    // Members request the users report too (spec §1): the users they share a brand with.
    expect((await ana.client.get('/api/ops/report/get/users/all')).statusCode).toBe(200);
  });

  it('applies what the importer may grant, row by row, and refuses the rest', async () => {
    const wb = await load((await lead.client.get('/api/ops/report/get/users/all')).rawPayload);
    const ws = wb.getWorksheet('Users')!;
    rowOf(ws, ana.id).getCell(colOf(ws, 'Position')).value = 'Art director';
    rowOf(ws, ana.id).getCell(colOf(ws, 'Language')).value = 'es';
    // Only an administrator hands out the admin role, and only within one's brands.
    rowOf(ws, bob.id).getCell(colOf(ws, 'Roles')).value = 'admin; member';
    rowOf(ws, lead.id).getCell(colOf(ws, 'Roles')).value = 'member';
    const up = await upload(lead.client, 'user', await save(wb));
    expect(up.statusCode).toBe(202);
    const { ready, done } = await applied(lead.client, up.json().import.id);
    expect(ready.counts).toMatchObject({ rows: 3, change: 1, refused: 2, unchanged: 0 });
    expect(done.result).toMatchObject({ applied: 1, refused: 2, unchanged: 0 });
    const rows = (await lead.client.get(`/api/ops/report/import/${ready.id}/rows?outcome=refused`)).json().items;
    expect(rows.map((r: { reason: string }) => r.reason).sort()).toEqual([
      'Roles of your own account can only be changed by an administrator',
      'Roles: includes something you cannot grant',
    ]);
    const after = (await admin.get(`/api/ops/users/${ana.id}`)).json().user;
    expect(after).toMatchObject({ position: 'Art director', lang: 'es' });
    expect((await admin.get(`/api/ops/users/${bob.id}`)).json().user.roles).toEqual([{ name: 'member' }]);
    const audit = (await admin.get(`/api/ops/audit/all?event=user.template_update`)).json();
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0].changes.position).toEqual({ before: '', after: 'Art director' });
    // The importer's result, in their language, with the sheet attached.
    const mail = (await t.waitForMails(lead.email)).at(-1)!;
    expect(mail.subject).toMatch(/applied/);
    expect(mail.attachments?.[0]?.filename).toMatch(/\(result\)\.xlsx$/);
  });

  it('refuses an asset template uploaded as a users template, and a sheet whose Meta was altered', async () => {
    const wb = await load((await admin.get('/api/ops/report/get/users/all')).rawPayload);
    wb.getWorksheet('Meta')!.getCell('B4').value = '2020-01-01T00:00:00.000Z';
    const up = await upload(admin, 'user', await save(wb));
    const failed = await settled(admin, up.json().import.id, 'previewing');
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringMatching(/Meta sheet/) });
    const mail = (await t.waitForMails('admin@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/could not be processed/);
  });

  it('schedules an apply for later: queued in the jobs list until then, cancellable', async () => {
    const wb = await load((await lead.client.get('/api/ops/report/get/users/all')).rawPayload);
    const ws = wb.getWorksheet('Users')!;
    rowOf(ws, bob.id).getCell(colOf(ws, 'Company')).value = 'Night shift';
    const up = await upload(lead.client, 'user', await save(wb));
    const id = up.json().import.id;
    await settled(lead.client, id, 'previewing');
    const late = new Date(t.clock.now().getTime() + 3 * 3_600_000).toISOString();
    const tooLate = new Date(t.clock.now().getTime() + 9 * 86_400_000).toISOString();
    expect((await lead.client.post(`/api/ops/report/import/${id}/apply`, { run_at: tooLate })).statusCode).toBe(422);
    const r = await lead.client.post(`/api/ops/report/import/${id}/apply`, { run_at: late });
    expect(r.json().import).toMatchObject({ state: 'scheduled', run_at: late });
    const jobs = (await lead.client.get('/api/jobs/mine')).json().items;
    expect(jobs.find((j: { id: number }) => j.id === r.json().import.job_id)).toMatchObject({ status: 'queued' });
    t.clock.advance(4 * 3_600_000);
    t.built.worker?.wake();
    const done = await settled(lead.client, id, 'scheduled').then((x) =>
      x.state === 'applying' ? settled(lead.client, id, 'applying') : x,
    );
    expect(done.state).toBe('applied');
    expect((await admin.get(`/api/ops/users/${bob.id}`)).json().user.company).toBe('Night shift');
    // Applied imports are not cancelled.
    expect((await lead.client.post(`/api/ops/report/import/${id}/cancel`)).statusCode).toBe(422);
  });

  it('exports the audit log under its filter for administrators only', async () => {
    const r = await admin.post('/api/ops/report/get/audit/template', { event: 'user.template_update' });
    expect(r.statusCode).toBe(200);
    const ws = (await load(r.rawPayload)).getWorksheet('Audit')!;
    expect(ws.getCell('C1').value).toBe('Event');
    expect(ws.rowCount).toBe(3);
    expect(ws.getCell('C2').value).toBe('Edited a user from a template');
    expect((await lead.client.post('/api/ops/report/get/audit/template', {})).statusCode).toBe(403);
    const bad = await admin.post('/api/ops/report/get/audit/template', { from: '2026-02-01', to: '2026-01-01' });
    expect(bad.statusCode).toBe(422);
  });
});
