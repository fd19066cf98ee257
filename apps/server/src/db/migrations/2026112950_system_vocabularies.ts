import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The two system vocabularies of every brand, by key, with their names then. */
const SYSTEM = [
  { key: 'themes', name: 'Themes' },
  { key: 'language', name: 'Visual language' },
] as const;
const LABEL_MAX = 120;

/**
 * The distinct values of a brand's assets: trimmed, once whatever their case (the capitalised
 * spelling kept, as code points sort capitals first), in alphabetical order.
 */
function distinct(values: Iterable<string>): string[] {
  const seen = new Map<string, string>();
  for (const raw of [...new Set([...values].map((v) => v.trim().slice(0, LABEL_MAX)))].sort())
    if (raw !== '' && !seen.has(raw.toLowerCase())) seen.set(raw.toLowerCase(), raw);
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en'));
}

const listOf = (json: string | null): string[] => {
  try {
    const v = JSON.parse(json ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * Themes (an asset's `categories`) and visual language (`language`) become select fields backed
 * by vocabularies (issue 39 §3): each brand gets a "Themes" and a "Visual language" list marked
 * by `system_key`, whose options are the distinct values its assets hold now.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('vocabularies').addColumn('system_key', 'varchar(16)').execute();
  await db.schema
    .createIndex('vocabularies_brand_system')
    .on('vocabularies')
    .unique()
    .columns(['brand_id', 'system_key'])
    .execute();

  const at = new Date().toISOString();
  const brands = await db.selectFrom('brands').select('id').orderBy('id').execute();
  for (const { id: brandId } of brands as { id: number }[]) {
    const assets = (await db
      .selectFrom('assets')
      .select(['categories', 'language'])
      .where('brand_id', '=', brandId)
      .execute()) as { categories: string | null; language: string | null }[];
    const held = {
      themes: distinct(assets.flatMap((a) => listOf(a.categories))),
      language: distinct(assets.flatMap((a) => (a.language ? [a.language] : []))),
    };
    for (const s of SYSTEM) {
      // A vocabulary the brand already named so becomes the system one; else a new one.
      const same = await db
        .selectFrom('vocabularies')
        .select('id')
        .where('brand_id', '=', brandId)
        .where('name', '=', s.name)
        .executeTakeFirst();
      const vocabularyId: number = same
        ? Number(same.id)
        : Number(
            (
              await db
                .insertInto('vocabularies')
                .values({ brand_id: brandId, name: s.name, kind: 'list', created_at: at, updated_at: at })
                .returning('id')
                .executeTakeFirstOrThrow()
            ).id,
          );
      await db.updateTable('vocabularies').set({ system_key: s.key }).where('id', '=', vocabularyId).execute();
      const existing = (await db
        .selectFrom('vocabulary_options')
        .select(['label_en', 'position'])
        .where('vocabulary_id', '=', vocabularyId)
        .where('parent_id', 'is', null)
        .execute()) as { label_en: string; position: number }[];
      const known = new Set(existing.map((o) => o.label_en.toLowerCase()));
      let position = Math.max(-1, ...existing.map((o) => o.position)) + 1;
      for (const label of held[s.key]) {
        if (known.has(label.toLowerCase())) continue;
        const row = await db
          .insertInto('vocabulary_options')
          .values({
            vocabulary_id: vocabularyId,
            parent_id: null,
            label_en: label,
            label_es: label,
            position: position++,
            retired_at: null,
            path: '',
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db
          .updateTable('vocabulary_options')
          .set({ path: `/${row.id}/` })
          .where('id', '=', row.id)
          .execute();
      }
    }
  }
}
