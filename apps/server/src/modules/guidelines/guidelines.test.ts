import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, assetRow, insertAssets, makeBrand, makeUser, startApp } from '../../../test/harness.js';
import type { Client, TestApp } from '../../../test/harness.js';

type Res = Awaited<ReturnType<Client['get']>>;
type Asset = {
  id: number;
  available: boolean;
  name: string | null;
  warning: string | null;
  placeholder: string | null;
  download: {
    state: string;
    url: string | null;
    convert: boolean;
    crop_url: string | null;
    terms: { name: string }[];
  } | null;
};

let t: TestApp;
let admin: Client;
let manager: Client;
let member: Client;
let guest: Client;
let brand: { id: number; root: number };
const ids: Record<string, number> = {};

async function ok(r: Promise<Res>, status = 200) {
  const res = await r;
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}
const create = (c: Client, title: string, kind = 'page', chapter_id: number | null = null) =>
  ok(c.post(`/api/ops/brand/${brand.id}/guidelines`, { kind, title, chapter_id }), 201);
const save = (c: Client, id: number, body: Record<string, unknown>) => c.put(`/api/ops/guideline/${id}`, body);
const fieldsOf = async (r: Promise<Res>) => {
  const res = await r;
  expect(res.statusCode, res.body).toBe(422);
  return res.json().error.fields as Record<string, string>;
};
const text = (id: string, words: string) => ({
  id,
  type: 'text',
  nodes: [{ type: 'paragraph', spans: [{ text: words }] }],
});
const palette = { id: 'p1', type: 'palette', colours: [{ name: 'Brand red', hex: '#D81E05', cmyk: [0, 95, 100, 0] }] };

beforeAll(async () => {
  t = await startApp();
  admin = await adminClient(t);
  brand = await makeBrand(admin, 'Guide Co');
  const other = await makeBrand(admin, 'Guide Other');
  manager = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id] })).client;
  member = (await makeUser(t, admin, { roles: ['member'], brands: [brand.id] })).client;
  guest = (await makeUser(t, admin, { roles: ['guest'], brands: [brand.id] })).client;
  const db = t.built.handle.db;
  // One set of columns for every row: a multi-row insert sends NULL where a row leaves one out.
  const row = (b: { id: number; root: number }, key: string, over: Record<string, unknown> = {}) =>
    assetRow(b.id, b.root, key, { availability: 'available', ...over });
  await insertAssets(db, [
    row(brand, 'logo'),
    row(brand, 'secret', { visibility: 'PRIVATE' }),
    row(brand, 'old', { availability: 'expired' }),
    row(brand, 'gone'),
    row(brand, 'manual', {
      name: 'manual.pdf',
      ext: 'pdf',
      mime: 'application/pdf',
      type: 'document',
    }),
    row(other, 'theirs'),
  ]);
  for (const r of await db.selectFrom('assets').select(['id', 'blob_key']).execute())
    ids[r.blob_key.replace('test/', '')] = r.id;
  // The logo's analysed size: converted and cropped downloads need it.
  await db.updateTable('assets').set({ width: 800, height: 400 }).where('id', '=', ids.logo!).execute();
});
afterAll(() => t.close());

describe('brand guidelines', () => {
  it('builds a tree, moves pages within it and refuses a chapter under itself', async () => {
    const logo = await create(manager, 'Logo', 'chapter');
    const sub = await create(manager, 'Variants', 'chapter', logo.id);
    const page = await create(manager, 'On dark backgrounds', 'page', logo.id);
    expect(page).toMatchObject({ parent_id: logo.id, position: 1, status: 'draft' });
    const moved = await ok(manager.post(`/api/ops/guideline/${page.id}/move`, { chapter_id: logo.id, position: 0 }));
    expect(
      moved.items.filter((n: { parent_id: number }) => n.parent_id === logo.id).map((n: { id: number }) => n.id),
    ).toEqual([page.id, sub.id]);
    expect(
      await fieldsOf(manager.post(`/api/ops/guideline/${logo.id}/move`, { chapter_id: sub.id, position: 0 })),
    ).toMatchObject({ chapter_id: expect.stringContaining('cannot be the page itself') });
    expect(
      await fieldsOf(manager.post(`/api/ops/guideline/${logo.id}/move`, { chapter_id: logo.id, position: 0 })),
    ).toHaveProperty('chapter_id');
    // A page holds no pages: it is not a chapter.
    expect(
      await fieldsOf(manager.post(`/api/ops/guideline/${sub.id}/move`, { chapter_id: page.id, position: 0 })),
    ).toHaveProperty('chapter_id');
    expect(await fieldsOf(manager.req('DELETE', `/api/ops/guideline/${logo.id}`))).toHaveProperty('chapter_id');
  });

  it('validates every block and says why in English and Spanish, saving nothing', async () => {
    const p = await create(manager, 'Validation');
    const bad = async (blocks: unknown[]) => fieldsOf(save(manager, p.id, { title: 'Validation', blocks }));
    expect(await bad([{ id: 'x', type: 'marquee' }])).toHaveProperty('blocks.0.type');
    const html = await bad([text('t', 'Hello <script>alert(1)</script>')]);
    expect(Object.values(html)[0]).toMatch(/HTML/);
    const link = {
      id: 'l',
      type: 'text',
      nodes: [{ type: 'paragraph', spans: [{ text: 'x', href: 'javascript:alert(1)' }] }],
    };
    expect(Object.keys(await bad([link]))[0]).toMatch(/href$/);
    const colour = await bad([{ ...palette, colours: [{ name: 'Red', hex: 'red' }] }]);
    expect(Object.values(colour)[0]).toBe('HEX must be a HEX colour such as #1A2B3C');
    const spanish = (await makeUser(t, admin, { roles: ['manager'], brands: [brand.id], lang: 'es' })).client;
    const es = await save(spanish, p.id, {
      title: 'V',
      blocks: [{ ...palette, colours: [{ name: 'R', hex: '#12345' }] }],
    });
    expect(Object.values(es.json().error.fields)[0]).toBe('HEX debe ser un color HEX como #1A2B3C');
    expect(await bad([{ ...palette, colours: [{ name: 'R', hex: '#123456', rgb: [0, 0, 300] }] }])).toBeTruthy();
    expect(await bad([text('a', 'one'), text('a', 'two')])).toHaveProperty('blocks.1.id');
    expect(await bad([{ id: 'i', type: 'image', asset_id: ids.theirs }])).toHaveProperty('blocks.0');
    expect(await bad([{ id: 'i', type: 'image', asset_id: ids.manual }])).toHaveProperty('blocks.0');
    expect(await bad([{ id: 'f', type: 'pdf', asset_id: ids.logo }])).toHaveProperty('blocks.0');
    const page = await ok(manager.get(`/api/ops/guideline/${p.id}`));
    expect(page.content.blocks).toEqual([]);
  });

  it('shows readers the published version only, and placeholders for assets they cannot see', async () => {
    const p = await create(manager, 'Logo page');
    expect((await member.get(`/api/ops/guideline/${p.id}`)).statusCode).toBe(404);
    const blocks = [
      text('intro', 'Use the logo on dark backgrounds'),
      palette,
      {
        id: 'dd',
        type: 'dodont',
        pairs: [{ do: { asset_id: ids.logo, caption: 'Clear space' }, dont: { asset_id: ids.logo } }],
      },
      {
        id: 'files',
        type: 'assets',
        asset_ids: [ids.logo, ids.secret, ids.old, ids.gone],
        downloads: ['original', 'png'],
      },
      { id: 'manual', type: 'pdf', asset_id: ids.manual },
    ];
    await ok(
      save(manager, p.id, { title: 'Logo', blocks, es: { title: 'Logotipo', blocks: [text('intro', 'Usa el logo')] } }),
    );
    await ok(manager.post(`/api/ops/guideline/${p.id}/publish`, {}));
    await t.built.handle.db.updateTable('assets').set({ status: 'INACTIVE' }).where('id', '=', ids.gone!).execute();

    const forGuest = await ok(guest.get(`/api/ops/guideline/${p.id}`));
    expect(forGuest).toMatchObject({ view: 'published', title: 'Logo', title_es: 'Logotipo', published_version: 1 });
    const seen = (page: { assets: Asset[] }) => Object.fromEntries(page.assets.map((a) => [a.id, a]));
    const g = seen(forGuest);
    expect(g[ids.logo!]).toMatchObject({ available: true, name: 'logo.jpg', warning: null });
    for (const hidden of [ids.secret, ids.old, ids.gone])
      expect(g[hidden!]).toMatchObject({ available: false, name: null, warning: null, download: null });
    // A PRIVATE asset is merely unavailable to a guest; a removed or expired one is withdrawn.
    expect([ids.secret, ids.old, ids.gone].map((id) => g[id!]!.placeholder)).toEqual([
      'unavailable',
      'withdrawn',
      'withdrawn',
    ]);
    expect(g[ids.logo!]!.placeholder).toBeNull();
    // The page answer carries each asset's download options: a signed original link, and
    // conversions for an image whose size is known; a PDF is offered as it is.
    expect(g[ids.logo!]!.download).toEqual({
      state: 'ready',
      url: expect.stringMatching(new RegExp(`^/api/ops/asset/${ids.logo}/download\\?u=\\d+&exp=`)),
      convert: true,
      crop_url: null,
      terms: [],
    });
    expect(g[ids.manual!]!.download).toMatchObject({ state: 'ready', convert: false });
    // Members see PRIVATE content; expired and removed assets are placeholders for every reader.
    const m = seen(await ok(member.get(`/api/ops/guideline/${p.id}`)));
    expect(m[ids.secret!]).toMatchObject({ available: true });
    expect(m[ids.old!]).toMatchObject({ available: false, name: null });
    expect(m[ids.old!]).toMatchObject({ placeholder: 'withdrawn', download: null });
    const e = seen(await ok(manager.get(`/api/ops/guideline/${p.id}`)));
    expect(e[ids.secret!]).toMatchObject({ available: true, warning: 'private' });
    expect(e[ids.old!]).toMatchObject({ available: false, name: 'old.jpg', warning: 'expired' });
    expect(e[ids.gone!]).toMatchObject({ available: false, name: 'gone.jpg', warning: 'removed' });

    // The brand's crop presets come with the page, for asset blocks that offer them.
    await ok(
      admin.put(`/api/ops/brand/${brand.id}/crop/presets`, {
        presets: [{ name: 'Instagram post', width: 1080, height: 1350 }],
      }),
    );
    expect((await ok(member.get(`/api/ops/guideline/${p.id}`))).crop_presets).toEqual([
      expect.objectContaining({ name: 'Instagram post', width: 1080, height: 1350, format: null }),
    ]);

    // A new draft stays out of readers' sight until published.
    await ok(save(manager, p.id, { title: 'Logo (new)', blocks: [palette] }));
    expect((await ok(member.get(`/api/ops/guideline/${p.id}`))).title).toBe('Logo');
    const tree = await ok(member.get(`/api/ops/brand/${brand.id}/guidelines`));
    expect(tree.items.map((n: { title: string }) => n.title)).toEqual(['Logo']);
    expect(tree.abilities).toEqual({ manage: false });
    // The logo says where the guidelines show it; the draft's title is not published yet.
    const uses = await ok(member.get(`/api/ops/asset/${ids.logo}/guidelines`));
    expect(uses.items).toEqual([{ page_id: p.id, path: ['Logo'], path_es: ['Logotipo'] }]);
    expect((await ok(guest.get(`/api/ops/asset/${ids.manual}/guidelines`))).items).toHaveLength(1);
  });

  it('publishes versions, compares the draft with one and reverts to it, all audited', async () => {
    const p = await create(manager, 'Colours');
    await ok(save(manager, p.id, { title: 'Colours', blocks: [text('a', 'First'), palette] }));
    await ok(manager.post(`/api/ops/guideline/${p.id}/publish`, {}));
    await ok(
      save(manager, p.id, {
        title: 'Colours 2',
        blocks: [palette, text('a', 'Changed'), { id: 'd', type: 'divider' }],
      }),
    );
    const v2 = await ok(manager.post(`/api/ops/guideline/${p.id}/publish`, {}));
    expect(v2).toMatchObject({ published_version: 2, unpublished_changes: false });
    const list = await ok(manager.get(`/api/ops/guideline/${p.id}/versions`));
    expect(list.items.map((v: { number: number }) => v.number)).toEqual([2, 1]);
    const v1 = await ok(manager.get(`/api/ops/guideline/${p.id}/versions/1`));
    expect(v1.changes).toEqual({ title: true, added: ['d'], removed: [], changed: ['a'], reordered: true });
    const back = await ok(manager.post(`/api/ops/guideline/${p.id}/revert`, { version: 1 }));
    expect(back).toMatchObject({ title: 'Colours', unpublished_changes: true, published_version: 2 });
    expect(back.content.blocks.map((b: { id: string }) => b.id)).toEqual(['a', 'p1']);
    expect(await fieldsOf(manager.post(`/api/ops/guideline/${p.id}/revert`, { version: 9 }))).toHaveProperty('version');
    const events = (await ok(admin.get(`/api/ops/audit/all?per_page=100&section=guidelines`))).items as {
      event: string;
      target: { id: number };
    }[];
    const mine = events.filter((e) => e.target.id === p.id).map((e) => e.event);
    expect(mine).toEqual(
      expect.arrayContaining(['guideline.create', 'guideline.update', 'guideline.publish', 'guideline.revert']),
    );
    expect((await member.post(`/api/ops/guideline/${p.id}/publish`, {})).statusCode).toBe(403);
  });

  it('finds published pages by their words, as readers see them, title matches first', async () => {
    const publish = async (title: string, blocks: unknown[], chapter: number | null = null, es?: unknown) => {
      const p = await create(manager, title, 'page', chapter);
      await ok(save(manager, p.id, { title, blocks, ...(es ? { es } : {}) }));
      await ok(manager.post(`/api/ops/guideline/${p.id}/publish`, {}));
      return p.id as number;
    };
    const type = await create(manager, 'Tipografía', 'chapter');
    await ok(manager.post(`/api/ops/guideline/${type.id}/publish`, {}));
    const long = `${'Body copy stays calm and readable. '.repeat(4)}Set kerning tight in headlines.`;
    const spacing = await publish('Spacing', [text('a', long)], type.id, {
      title: 'Espaciado',
      blocks: [text('a', 'Los titulares van en Brand Sans')],
    });
    const kerning = await publish('Kerning', [text('a', 'Optical, never metric.')], type.id);
    const hidden = await create(manager, 'Unpublished chapter', 'chapter');
    await publish('Kerning pairs', [text('a', 'kerning table')], hidden.id);
    const draft = await create(manager, 'Kerning draft');
    await ok(save(manager, draft.id, { title: 'Kerning draft', blocks: [text('a', 'kerning')] }));

    const search = async (c: Client, q: string) =>
      (await ok(c.get(`/api/ops/brand/${brand.id}/guidelines/search?q=${encodeURIComponent(q)}`))).items as {
        page_id: number;
        path: string[];
        path_es: string[];
        snippet: string;
      }[];
    // Accents and case are folded; a page under an unpublished chapter and a draft stay unfound.
    const found = await search(guest, 'KÉRNING');
    expect(found.map((h) => h.page_id)).toEqual([kerning, spacing]);
    expect(found[1]).toMatchObject({ path: ['Tipografía', 'Spacing'], path_es: ['Tipografía', 'Espaciado'] });
    expect(found[1]!.snippet).toMatch(/^… .*Set kerning tight in headlines\.$/);
    expect((await search(manager, 'kerning')).map((h) => h.page_id)).toEqual([kerning, spacing]);
    // Every word must be there; the Spanish version is searched too.
    expect(await search(member, 'kerning velvet')).toEqual([]);
    expect(await search(member, 'titulares')).toEqual([
      expect.objectContaining({ page_id: spacing, snippet: 'Los titulares van en Brand Sans' }),
    ]);
    expect((await member.get(`/api/ops/brand/${brand.id}/guidelines/search?q=%20`)).statusCode).toBe(422);
  });
});
