import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Colours search and filter (issue 42 §4): `asset_colours` holds the named colours (the palette's
 * keys) of each analysed image, one row per colour covering at least 10 %, for the search's swatch
 * filter; a change bumps the brand's search generation, as field values do, so kept answers go.
 * Images analysed before this migration get their rows and their colour words (English and
 * Spanish, in `asset_found_words` and `assets.found_text`) here, from the colours already stored.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('asset_colours')
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('colour', 'varchar(16)', (c: any) => c.notNull())
    .addPrimaryKeyConstraint('asset_colours_pk', ['asset_id', 'colour'])
    .execute();
  await db.schema
    .createIndex('asset_colours_brand')
    .on('asset_colours')
    .columns(['brand_id', 'colour', 'asset_id'])
    .execute();
  for (const stmt of dialect === 'postgres' ? postgres() : sqlite()) await sql.raw(stmt).execute(db);
  await fill(db);
}

/** Bumps the generation of row `r`'s brand (none when the brand is gone: a cascade). */
const bump = (
  r: string,
) => `insert into search_generations (brand_id, n) select id, 1 from brands where id = ${r}.brand_id
    on conflict (brand_id) do update set n = search_generations.n + 1;`;

function sqlite(): string[] {
  return [
    `create trigger asset_colours_generation_ai after insert on asset_colours begin
      ${bump('new').replace('search_generations.n + 1', 'n + 1')}
    end`,
    `create trigger asset_colours_generation_ad after delete on asset_colours begin
      ${bump('old').replace('search_generations.n + 1', 'n + 1')}
    end`,
  ];
}

function postgres(): string[] {
  const fn = (name: string, r: string) => `create function ${name}() returns trigger language plpgsql as $$
    begin
      ${bump(r)}
      return null;
    end $$`;
  return [
    fn('asset_colours_generation_new', 'new'),
    fn('asset_colours_generation_old', 'old'),
    `create trigger asset_colours_generation_ai after insert on asset_colours
      for each row execute function asset_colours_generation_new()`,
    `create trigger asset_colours_generation_ad after delete on asset_colours
      for each row execute function asset_colours_generation_old()`,
  ];
}

/** The palette and its words as of this migration (the contract's colours.ts then). */
const WORDS: Record<string, string[]> = {
  black: ['black', 'negro'],
  white: ['white', 'blanco'],
  grey: ['grey', 'gray', 'gris'],
  red: ['red', 'rojo'],
  orange: ['orange', 'naranja'],
  yellow: ['yellow', 'amarillo'],
  green: ['green', 'verde'],
  cyan: ['cyan', 'cian', 'turquesa'],
  blue: ['blue', 'azul'],
  purple: ['purple', 'morado', 'violeta'],
  pink: ['pink', 'rosa'],
  brown: ['brown', 'marrón', 'café'],
};
const KINDS = ['text', 'objects', 'people', 'colours'];

function nameOf(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d < 0.08) return l < 0.2 ? 'black' : l > 0.85 ? 'white' : 'grey';
  if (l < 0.1) return 'black';
  if (l > 0.95) return 'white';
  let h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  h = (h * 60 + 360) % 360;
  if (h < 15 || h >= 345) return l > 0.7 ? 'pink' : 'red';
  if (h < 45) return l < 0.4 ? 'brown' : 'orange';
  if (h < 70) return 'yellow';
  if (h < 165) return 'green';
  if (h < 200) return 'cyan';
  if (h < 255) return 'blue';
  if (h < 290) return 'purple';
  return 'pink';
}

/** Rows and words for the images analysed so far (a few hundred bytes each, in pages of 500). */
async function fill(db: Kysely<any>) {
  for (let after = 0; ;) {
    const rows: { asset_id: number; brand_id: number; colours: string }[] = await db
      .selectFrom('asset_visuals')
      .select(['asset_id', 'brand_id', 'colours'])
      .where('state', '=', 'done')
      .where('asset_id', '>', after)
      .orderBy('asset_id')
      .limit(500)
      .execute();
    if (!rows.length) return;
    after = rows.at(-1)!.asset_id;
    for (const row of rows) {
      const share = new Map<string, number>();
      for (const c of JSON.parse(row.colours) as { hex: string; share: number }[])
        share.set(nameOf(c.hex), (share.get(nameOf(c.hex)) ?? 0) + c.share);
      const names = [...share].filter(([, s]) => s >= 0.1).map(([n]) => n);
      if (!names.length) continue;
      await db
        .insertInto('asset_colours')
        .values(names.map((colour) => ({ asset_id: row.asset_id, brand_id: row.brand_id, colour })))
        .execute();
      await db
        .deleteFrom('asset_found_words')
        .where('asset_id', '=', row.asset_id)
        .where('kind', '=', 'colours')
        .execute();
      const words = names.flatMap((n) => WORDS[n]!).join(' ');
      await db.insertInto('asset_found_words').values({ asset_id: row.asset_id, kind: 'colours', words }).execute();
      const found: { kind: string; words: string }[] = await db
        .selectFrom('asset_found_words')
        .select(['kind', 'words'])
        .where('asset_id', '=', row.asset_id)
        .execute();
      const joined = KINDS.flatMap((k) => found.filter((f) => f.kind === k).map((f) => f.words)).join(' ');
      await db.updateTable('assets').set({ found_text: joined }).where('id', '=', row.asset_id).execute();
    }
  }
}
