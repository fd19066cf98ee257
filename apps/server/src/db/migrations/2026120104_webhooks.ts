import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Signed webhooks (issue 41 §4). A subscription's signing secret must be at hand to sign, so it is
 * sealed with the app key (`secret_enc`), never hashed; during a rotation the previous one signs
 * too until `previous_until`. Each delivery attempt is one `webhook_deliveries` row: retries of an
 * event share its `event_id` (the `webhook-id` header), and the row keeps what the receiver said.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const id = (t: any) =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  await id(db.schema.createTable('webhook_subscriptions'))
    .addColumn('brand_id', 'integer', (c: any) => c.notNull().references('brands.id').onDelete('cascade'))
    .addColumn('url', 'text', (c: any) => c.notNull())
    .addColumn('events', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('description', 'text')
    .addColumn('secret_enc', 'text', (c: any) => c.notNull())
    .addColumn('previous_secret_enc', 'text')
    .addColumn('previous_until', 'varchar(32)')
    .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('disabled_at', 'varchar(32)')
    .addColumn('disabled_reason', 'text')
    .addColumn('consecutive_failures', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c: any) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_subscriptions_brand').on('webhook_subscriptions').column('brand_id').execute();
  await id(db.schema.createTable('webhook_deliveries'))
    .addColumn('subscription_id', 'integer', (c: any) =>
      c.notNull().references('webhook_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('event_id', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('event_type', 'varchar(64)', (c: any) => c.notNull())
    .addColumn('payload', 'text', (c: any) => c.notNull())
    .addColumn('attempt', 'integer', (c: any) => c.notNull())
    .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('response_ms', 'integer')
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .addColumn('next_attempt_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_subscription')
    .on('webhook_deliveries')
    .columns(['subscription_id', 'id'])
    .execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').column('event_id').execute();
}
