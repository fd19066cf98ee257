import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeBrand, makeUser, multipart, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';
import { until } from '../../../test/throwaway.js';

type Res = Awaited<ReturnType<Client['get']>>;

let t: TestApp;
let admin: Client;
let manager: Client;
let member: Client;
let brand: { id: number; root: number };
let logoId: number;
let pages: number[] = [];
const work = mkdtempSync(join(tmpdir(), 'bv-guide-pdf-'));

async function ok(r: Promise<Res>, status = 200) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const para = (id: string, text: string) => ({ id, type: 'text', nodes: [{ type: 'paragraph', spans: [{ text }] }] });

/** Waits for the export's job, then fetches its file and reads its text back with pdftotext. */
async function exported(c: Client, queued: { download: { id: number } }) {
  let d: { state: string; url: string | null } = { state: 'preparing', url: null };
  await until('the guidelines PDF', async () => {
    d = (await c.get(`/api/ops/asset/download/${queued.download.id}`)).json();
    return d.state !== 'preparing';
  });
  expect(d.state).toBe('ready');
  const r = await t.client().get(d.url!);
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toBe('application/pdf');
  const file = join(work, `g${queued.download.id}.pdf`);
  writeFileSync(file, r.rawPayload);
  return {
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]),
  };
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Pdf Co');
  const data = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#1c7ed6' } })
    .png()
    .toBuffer();
  const up = await admin.form(
    'POST',
    `/api/ops/asset/${brand.id}/${brand.root}/new`,
    multipart({}, [{ field: 'files', name: 'logo.png', type: 'image/png', data }]),
  );
  logoId = up.json().results[0].asset_id;
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  const create = async (title: string) =>
    (await ok(manager.post(`/api/ops/brand/${brand.id}/guidelines`, { kind: 'page', title }), 201)).id as number;
  pages = [await create('Logo'), await create('Colours'), await create('Unpublished draft')];
  await ok(
    manager.put(`/api/ops/guideline/${pages[0]}`, {
      title: 'Logo',
      blocks: [
        para('t1', 'Keep clear space around the logo.'),
        { id: 'i1', type: 'image', asset_id: logoId, caption: 'Primary lockup' },
        {
          id: 'd1',
          type: 'dodont',
          pairs: [{ do: { asset_id: logoId, caption: 'On white' }, dont: { asset_id: logoId, caption: 'Stretched' } }],
        },
      ],
      es: { title: 'Logotipo', blocks: [para('t1', 'Deja espacio libre alrededor del logotipo.')] },
    }),
  );
  await ok(
    manager.put(`/api/ops/guideline/${pages[1]}`, {
      title: 'Colours',
      blocks: [
        { id: 'p1', type: 'palette', colours: [{ name: 'Brand blue', hex: '#1C7ED6', rgb: [28, 126, 214] }] },
        { id: 'c1', type: 'callout', tone: 'warning', text: 'Never tint the brand blue.' },
      ],
    }),
  );
  await ok(manager.post(`/api/ops/guideline/${pages[0]}/publish`, {}));
  await ok(manager.post(`/api/ops/guideline/${pages[1]}/publish`, {}));
  await until('the preview', async () => {
    const r = await t.built.handle.db
      .selectFrom('assets')
      .select('preview_key')
      .where('id', '=', logoId)
      .executeTakeFirst();
    return !!r?.preview_key;
  });
});
afterAll(async () => {
  await t.close();
  rmSync(work, { recursive: true, force: true });
});

describe('guidelines as PDF', () => {
  it("exports the published pages with a table of contents, the interface in the reader's language", async () => {
    const q = await ok(member.post(`/api/ops/brand/${brand.id}/guidelines/pdf`, {}), 202);
    expect(q.download).toMatchObject({ state: 'preparing', format: 'pdf' });
    const pdf = await exported(member, q);
    expect(pdf.text).toContain('Pdf Co');
    expect(pdf.text).toContain('Contents');
    expect(pdf.text).toContain('Keep clear space around the logo.');
    expect(pdf.text).toContain('Primary lockup');
    expect(pdf.text).toMatch(/Do\s[\s\S]*Don't/);
    expect(pdf.text).toContain('Brand blue');
    expect(pdf.text).toContain('#1C7ED6');
    expect(pdf.text).toContain('Never tint the brand blue.');
    expect(pdf.text).not.toContain('Unpublished draft');
    // Cover, contents, then one page each.
    expect(pdf.pages).toBeGreaterThanOrEqual(4);

    // A reader who uses the product in Spanish.
    const lector = await makeUser(t, admin, { roles: ['member'], brands: [brand.id] });
    await t.built.handle.db.updateTable('users').set({ lang: 'es' }).where('id', '=', lector.id).execute();
    const qes = await ok(lector.client.post(`/api/ops/brand/${brand.id}/guidelines/pdf`, {}), 202);
    const spanish = await exported(lector.client, qes);
    expect(spanish.text).toContain('Contenido');
    expect(spanish.text).toContain('Logotipo');
    expect(spanish.text).toContain('Deja espacio libre alrededor del logotipo.');
  });

  it('exports one page alone, and refuses a page readers cannot see', async () => {
    const q = await ok(member.post(`/api/ops/guideline/${pages[1]}/pdf`, {}), 202);
    const pdf = await exported(member, q);
    expect(pdf.text).toContain('Colours');
    expect(pdf.text).not.toContain('Keep clear space');
    expect(pdf.text).not.toContain('Contents');
    expect((await member.post(`/api/ops/guideline/${pages[2]}/pdf`, {})).statusCode).toBe(404);
    const draft = await manager.post(`/api/ops/guideline/${pages[2]}/pdf`, {});
    expect(draft.statusCode).toBe(422);
  });
});
