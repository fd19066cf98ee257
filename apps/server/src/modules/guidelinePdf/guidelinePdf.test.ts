import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
    file,
    text: execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }),
    pages: Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]),
  };
}

/** The colour in the middle of a picture. */
async function middleOf(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
}
/** The colour in the middle of each picture a PDF holds (pdfimages writes them out as PNG). */
async function middles(file: string) {
  const dir = mkdtempSync(join(work, 'img-'));
  execFileSync('pdfimages', ['-png', file, join(dir, 'i')]);
  return Promise.all(readdirSync(dir).map((name) => middleOf(readFileSync(join(dir, name)))));
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Pdf Co');
  const data = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#1c7ed6' } })
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

  it("marks a guest's pictures as their previews are marked, and never a member's", async () => {
    const red = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    const form = multipart({ position: 'center', opacity: '100', scale: '40', apply_to_guests: 'true' }, [
      { field: 'image', name: 'red.png', type: 'image/png', data: red },
    ]);
    expect((await admin.form('POST', `/api/ops/brand/${brand.id}/watermark`, form)).statusCode).toBe(200);
    try {
      const guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
      // The guest's preview of the logo carries the mark; the PDF's pictures do too.
      const seen = await ok(guest.get(`/api/ops/guideline/${pages[0]}`));
      const preview = seen.assets.find((a: { id: number }) => a.id === logoId).preview_url as string;
      expect((await middleOf((await t.client().get(preview)).rawPayload)).r).toBeGreaterThan(200);

      const theirs = await middles(
        (await exported(guest, await ok(guest.post(`/api/ops/guideline/${pages[0]}/pdf`, {}), 202))).file,
      );
      expect(theirs.length).toBeGreaterThanOrEqual(1);
      for (const c of theirs) expect(c.r).toBeGreaterThan(200);
      const mine = await middles(
        (await exported(member, await ok(member.post(`/api/ops/guideline/${pages[0]}/pdf`, {}), 202))).file,
      );
      expect(mine.length).toBe(theirs.length);
      // The brand's blue, #1C7ED6.
      for (const c of mine) expect(c.r).toBeLessThan(100);
      for (const c of mine) expect(c.b).toBeGreaterThan(150);
    } finally {
      await ok(admin.post(`/api/ops/brand/${brand.id}/watermark`, { apply_to_guests: false }));
    }
  });
});
