import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** The channels every brand starts with, as they were named then. */
const CHANNELS = [
  { label_en: 'Web', label_es: 'Web' },
  { label_en: 'Social', label_es: 'Redes sociales' },
  { label_en: 'Print', label_es: 'Impresión' },
  { label_en: 'OOH', label_es: 'Exterior (OOH)' },
  { label_en: 'Broadcast', label_es: 'Radio y televisión' },
];

/**
 * Usage rights (issue 40 §1): the `rights.manage` permission, granted to the admin and manager
 * roles, and each brand's "Channels" system vocabulary (key `channels`), the list licences and
 * consents take their channels from, with the default channels. A brand that already has a
 * vocabulary named "Channels" keeps it as its system one, with the default channels added.
 */
export async function up(db: Kysely<any>, _dialect: Dialect): Promise<void> {
  await grant(db);
  const at = new Date().toISOString();
  const brands = (await db.selectFrom('brands').select('id').orderBy('id').execute()) as { id: number }[];
  for (const { id: brandId } of brands) {
    const same = await db
      .selectFrom('vocabularies')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('name', '=', 'Channels')
      .where('system_key', 'is', null)
      .executeTakeFirst();
    const vocabularyId: number = same
      ? Number(same.id)
      : Number(
          (
            await db
              .insertInto('vocabularies')
              .values({ brand_id: brandId, name: 'Channels', kind: 'list', created_at: at, updated_at: at })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
    await db.updateTable('vocabularies').set({ system_key: 'channels' }).where('id', '=', vocabularyId).execute();
    const existing = (await db
      .selectFrom('vocabulary_options')
      .select(['label_en', 'position'])
      .where('vocabulary_id', '=', vocabularyId)
      .where('parent_id', 'is', null)
      .execute()) as { label_en: string; position: number }[];
    const known = new Set(existing.map((o) => o.label_en.toLowerCase()));
    let position = Math.max(-1, ...existing.map((o) => o.position)) + 1;
    for (const c of CHANNELS) {
      if (known.has(c.label_en.toLowerCase())) continue;
      const row = await db
        .insertInto('vocabulary_options')
        .values({
          vocabulary_id: vocabularyId,
          parent_id: null,
          ...c,
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

async function grant(db: Kysely<any>): Promise<void> {
  const roles = await db.selectFrom('roles').select('id').where('name', 'in', ['admin', 'manager']).execute();
  if (roles.length === 0) return;
  let perm = await db.selectFrom('permissions').select('id').where('name', '=', 'rights.manage').executeTakeFirst();
  if (!perm)
    perm = await db
      .insertInto('permissions')
      .values({ name: 'rights.manage' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const permissionId = perm.id;
  await db
    .insertInto('role_permissions')
    .values(roles.map((r: { id: number }) => ({ role_id: r.id, permission_id: permissionId })))
    .execute();
}
