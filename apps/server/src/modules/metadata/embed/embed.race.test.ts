import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, dialect, makeBrand, makeFolder, multipart, startApp } from '../../../../test/harness.js';
import type { Client, TestApp } from '../../../../test/harness.js';
import { untilBlockedOnLock } from '../../../../test/lockWait.js';
import { jobUnits } from '../../../jobUnits.js';
import type { AnyContext } from '../../../lib/requestContext.js';
import { applyEmbedded } from './apply.js';

let t: TestApp;
let admin: Client;
let brand: { id: number; root: number };
let folder: number;
let vocabulary: number;
let field: number;

async function upload(name: string): Promise<number> {
  const data = await sharp({
    create: { width: 16, height: 16, channels: 3, background: { r: name === 'a.jpg' ? 20 : 220, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const form = multipart({}, [{ field: 'files', name, type: 'image/jpeg', data }]);
  const r = await admin.form('POST', `/api/ops/asset/${brand.id}/${folder}/new`, form);
  expect(r.json().results[0]).toMatchObject({ status: 'created' });
  return r.json().results[0].asset_id;
}

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Race Co');
  folder = await makeFolder(admin, brand.id, 'Shoots');
  const v = await admin.post(`/api/ops/brand/${brand.id}/metadata/vocabularies`, { name: 'Places', kind: 'tree' });
  vocabulary = v.json().id;
  const f = await admin.post(`/api/ops/brand/${brand.id}/metadata/fields`, {
    key: 'places',
    type: 'tree',
    label_en: 'Places',
    label_es: 'Lugares',
    vocabulary_id: vocabulary,
  });
  field = f.json().id;
  const m = await admin.put(`/api/ops/brand/${brand.id}/metadata/mapping`, {
    items: [{ source: 'hierarchical_subject', field_id: field }],
  });
  expect(m.statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe('two uploads making the same new option at once', () => {
  it('both succeed and end on one option', async () => {
    const [a, b] = [await upload('a.jpg'), await upload('b.jpg')];
    const units = jobUnits({ clock: t.clock, appKey: undefined })(t.built.handle.db, () => undefined);
    const ctx: AnyContext = { actor: null, ip: '', userAgent: null, emulatorId: null, lang: 'en', requestId: '' };
    const file = { keywords: [], embedded: { hierarchical_subject: ['Region|Americas|Peru'] } };
    const at = new Date().toISOString();
    // The first upload's transaction makes the options and stays open while the second makes them too.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let madeFirst!: () => void;
    const first = new Promise<void>((r) => (madeFirst = r));
    const one = units.change(ctx, async (u) => {
      await applyEmbedded(u, { id: a, brand_id: brand.id, type: 'image', name: 'a.jpg' }, file, at);
      madeFirst();
      await held;
    });
    await first;
    const two = units.change(ctx, (u) =>
      applyEmbedded(u, { id: b, brand_id: brand.id, type: 'image', name: 'b.jpg' }, file, at),
    );
    // PostgreSQL: the second waits on the first's uncommitted options; SQLite queues its writes.
    if (dialect === 'postgres')
      await untilBlockedOnLock(t.built.handle.db, 'the second upload to wait on the first one');
    release();
    await expect(Promise.all([one, two])).resolves.toBeDefined();

    const options = (await admin.get(`/api/ops/metadata/vocabulary/${vocabulary}/options`)).json().items as {
      id: number;
      label_en: string;
    }[];
    const peru = options.filter((o) => o.label_en === 'Peru');
    expect(peru).toHaveLength(1);
    expect(options.filter((o) => o.label_en === 'Region')).toHaveLength(1);
    for (const id of [a, b])
      expect((await admin.get(`/api/ops/asset/${id}/fields`)).json().values.places).toBe(peru[0]!.id);
  }, 60_000);
});
