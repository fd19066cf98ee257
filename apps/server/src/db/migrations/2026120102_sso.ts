import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Single sign-on with OpenID Connect (issue 41 §1). `oidc_providers` holds each provider's
 * settings, its client secret sealed with the app key, and the outcome of its last discovery;
 * `user_identities` binds a person to a provider's (issuer, sub), never to an e-mail;
 * `sso_pending` holds the one-time codes of the flow (a finished sign-in waiting for the web app,
 * an identity waiting for its owner to prove the existing account), stored as hashes;
 * `sso_sessions` names the identity each SSO session came from, for back-channel logout;
 * `roles.sso_only` refuses password sign-in to a role's people (never to an admin).
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const withId = (name: string) => {
    const t = db.schema.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c: any) => c.primaryKey())
      : t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement());
  };

  await withId('oidc_providers')
    .addColumn('label', 'varchar(80)', (c: any) => c.notNull())
    .addColumn('issuer', 'varchar(500)', (c: any) => c.notNull())
    .addColumn('client_id', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('client_secret', 'text')
    .addColumn('scopes', 'varchar(500)', (c: any) => c.notNull())
    .addColumn('allow_signup', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('allowed_domains', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('preapproved_domains', 'text', (c: any) => c.notNull().defaultTo('[]'))
    .addColumn('claim_mapping', 'text')
    .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
    .addColumn('from_env', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c: any) => c.notNull().defaultTo('unchecked'))
    .addColumn('status_reason', 'varchar(500)')
    .addColumn('checked_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c: any) => c.notNull())
    .execute();

  await withId('user_identities')
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c: any) => c.notNull().references('oidc_providers.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(500)', (c: any) => c.notNull())
    .addColumn('sub', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)')
    .addUniqueConstraint('user_identities_issuer_sub', ['issuer', 'sub'])
    .execute();
  await db.schema.createIndex('user_identities_user').on('user_identities').column('user_id').execute();

  await withId('sso_pending')
    .addColumn('kind', 'varchar(16)', (c: any) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c: any) => c.notNull().unique())
    .addColumn('mail_hash', 'varchar(64)', (c: any) => c.unique())
    .addColumn('user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider_id', 'integer', (c: any) => c.notNull().references('oidc_providers.id').onDelete('cascade'))
    .addColumn('issuer', 'varchar(500)', (c: any) => c.notNull())
    .addColumn('sub', 'varchar(255)', (c: any) => c.notNull())
    .addColumn('email', 'varchar(255)')
    .addColumn('claims', 'text')
    .addColumn('created_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c: any) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();

  await db.schema
    .createTable('sso_sessions')
    .addColumn('token_id', 'integer', (c: any) => c.primaryKey().references('access_tokens.id').onDelete('cascade'))
    .addColumn('identity_id', 'integer', (c: any) => c.notNull().references('user_identities.id').onDelete('cascade'))
    .addColumn('sid', 'varchar(255)')
    .execute();
  await db.schema.createIndex('sso_sessions_identity').on('sso_sessions').column('identity_id').execute();

  await db.schema
    .alterTable('roles')
    .addColumn('sso_only', 'integer', (c: any) => c.notNull().defaultTo(0))
    .execute();
}
