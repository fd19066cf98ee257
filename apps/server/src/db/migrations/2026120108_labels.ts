import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Objects and scenes (issue 42 §2). `asset_objects`: one row per asset, the outcome of the object
 * analysis of the revision analysed (done, skipped or failed with the reason). `asset_labels`: one
 * row per asset and label, its best score in the latest analysis that found it (0 once a later
 * version no longer shows it) and what a person decided; a rejected row outlives new versions,
 * so the label is never suggested again for the asset. Any change to labels bumps the brand's
 * search generation (the "detected" filter reads them), as field values do.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('asset_objects')
    .addColumn('asset_id', 'integer', (c: any) => c.primaryKey().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('rev', 'integer', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('analysed_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('asset_objects_brand').on('asset_objects').columns(['brand_id', 'state']).execute();
  await db.schema
    .createTable('asset_labels')
    .addColumn('asset_id', 'integer', (c: any) => c.notNull().references('assets.id').onDelete('cascade'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('rev', 'integer', (c: any) => c.notNull())
    .addColumn('label', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('score', 'real', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull().defaultTo('suggested'))
    .addColumn('decided_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'varchar(32)')
    .addPrimaryKeyConstraint('asset_labels_pk', ['asset_id', 'label'])
    .execute();
  // The brand's labels with counts, and the "detected" filter's holders of a label.
  await db.schema
    .createIndex('asset_labels_brand_label')
    .on('asset_labels')
    .columns(['brand_id', 'label', 'score'])
    .execute();
  for (const stmt of dialect === 'postgres' ? postgres() : sqlite()) await sql.raw(stmt).execute(db);
}

/**
 * Bumps brand `b`'s search generation; none when the brand itself is going (a cascade). The
 * `where` also lets SQLite tell the upsert's `on conflict` from a join.
 */
const bump = (b: string) => `insert into search_generations (brand_id, n) select id, 1 from brands where id = ${b}
    on conflict (brand_id) do update set n = search_generations.n + 1;`;

function sqlite(): string[] {
  return [
    `create trigger asset_labels_generation_ai after insert on asset_labels begin ${bump('new.brand_id')} end`,
    `create trigger asset_labels_generation_au after update on asset_labels begin ${bump('new.brand_id')} end`,
    `create trigger asset_labels_generation_ad after delete on asset_labels begin ${bump('old.brand_id')} end`,
  ];
}

function postgres(): string[] {
  const fn = (name: string, row: string) => `create function ${name}() returns trigger language plpgsql as $$
    begin
      ${bump(`${row}.brand_id`)}
      return null;
    end
  $$`;
  return [
    fn('asset_labels_generation_new', 'new'),
    fn('asset_labels_generation_old', 'old'),
    `create trigger asset_labels_generation_aiu after insert or update on asset_labels
      for each row execute function asset_labels_generation_new()`,
    `create trigger asset_labels_generation_ad after delete on asset_labels
      for each row execute function asset_labels_generation_old()`,
  ];
}
