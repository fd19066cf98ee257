import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Dialect } from './support/dialect.js';
import { postgresSearchSync, sqliteSearchTriggers } from './support/searchTriggers.js';

// Append-only: once landed, never edited. `any`: migrations run against the schema of their time.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Usage rights and approval (issue 40). Each asset gets its own "available from / until" dates,
 * the availability computed from them, its licences and its consents (`available`, `expiring`,
 * `expired`, `embargoed`, with the deciding date and what decided it), and a review state
 * (`approved`, `pending`, `rejected`).
 *
 * The search row's `hidden` becomes a class: 0 everyone of the brand (guests too), 1 members
 * only (PRIVATE, under a PRIVATE folder, or expired or embargoed: never served to guests), 2 the
 * uploader and reviewers only (pending or rejected). Searches keep filtering one indexed column,
 * so guests and members exclude these rows with no extra query. SQLite's full-text rows mark
 * classes 1 and 2 `hidden` (as before) and class 2 `review` too.
 */
export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  const stmts = dialect === 'postgres' ? postgres() : sqlite();
  for (const stmt of COLUMNS) await sql.raw(stmt).execute(db);
  for (const stmt of stmts) await sql.raw(stmt).execute(db);
  await grantApprove(db);
}

const COLUMNS = [
  `alter table assets add column available_from varchar(10)`,
  `alter table assets add column available_until varchar(10)`,
  `alter table assets add column availability varchar(16) not null default 'available'`,
  `alter table assets add column availability_date varchar(10)`,
  `alter table assets add column availability_reason text`,
  `alter table assets add column review_state varchar(16) not null default 'approved'`,
  `alter table assets add column review_reason text`,
  `alter table assets add column reviewed_by integer references users (id) on delete set null`,
  `alter table assets add column reviewed_at varchar(32)`,
];

/** The class of asset `a` in folder `f` (see above). */
const hiddenOf = (a: string, f: string) => `case when ${a}.review_state <> 'approved' then 2
       when ${a}.visibility = 'PRIVATE' or ${f}.private_path = 1 or ${a}.availability in ('expired', 'embargoed') then 1
       else 0 end`;

const OLD_HIDDEN = (a: string, f: string) =>
  `case when ${a}.visibility = 'PRIVATE' or ${f}.private_path = 1 then 1 else 0 end`;

function swap(text: string, from: string, to: string, times: number): string {
  const n = text.split(from).length - 1;
  if (n !== times) throw new Error(`expected ${times} of ${JSON.stringify(from.slice(0, 60))}, found ${n}`);
  return text.replaceAll(from, to);
}

const E = 'char(57344)';
/** 2026112950's scope tokens of search row `s`, with the `review` mark of class 2. */
const scopeOf = (
  s: string,
) => `${E} || 'f' || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', ' ' || ${E} || 'f')
      || ' ' || ${E} || 't' || ${s}.type || ' ' || ${E} || 'x' || ${s}.ext
      || ' ' || ${E} || 'c' || ${s}.type || 'x' || ${s}.ext
      || ' ' || ${E} || 'f'
        || replace(substr(${s}.folder_path, 2, length(${s}.folder_path) - 2), '/', 'c' || ${s}.type || 'x' || ${s}.ext || ' ' || ${E} || 'f')
        || 'c' || ${s}.type || 'x' || ${s}.ext
      || case when ${s}.hidden = 2 then ' ' || ${E} || 'hidden ' || ${E} || 'review'
          when ${s}.hidden = 1 then ' ' || ${E} || 'hidden' else '' end`;

const ftsInsert = (s: string) => `insert into assets_fts (rowid, name, description, keywords, categories, scope)
    select a.id, a.name, coalesce(a.description, ''), a.keywords || ' ' || a.field_text, a.categories, ${scopeOf(s)}`;

function sqlite(): string[] {
  const [ai, au] = sqliteSearchTriggers({ copied: ['size'] }).map((t) =>
    swap(t, OLD_HIDDEN('new', 'f'), hiddenOf('new', 'f'), 1),
  );
  const watchedAu = swap(au!, 'visibility, status,', 'visibility, status, availability, review_state,', 1);
  return [
    'drop trigger assets_search_ai',
    'drop trigger assets_search_au',
    ai!,
    watchedAu,
    'drop trigger folders_search_au',
    `create trigger folders_search_au after update of path, private_path, status on folders begin
      update asset_search
        set folder_path = new.path,
          active = case when new.status = 'ACTIVE' and (select a.status from assets a where a.id = asset_search.asset_id) = 'ACTIVE' then 1 else 0 end,
          hidden = (select ${hiddenOf('a', 'new')} from assets a where a.id = asset_search.asset_id)
        where folder_id = new.id;
    end`,
    // Cards show the availability and review state: kept answers go when they change.
    'drop trigger assets_card_generation_au',
    `create trigger assets_card_generation_au after update of mime, size, width, height, duration_seconds, thumb_key,
      preview_key, derivatives, updated_at, ${CARD_COLUMNS.join(', ')} on assets begin
      insert into search_generations (brand_id, n) values (new.brand_id, 1)
        on conflict (brand_id) do update set n = n + 1;
    end`,
    'drop trigger asset_search_fts_ai',
    'drop trigger asset_search_fts_au',
    'drop trigger assets_fts_au',
    `create trigger asset_search_fts_ai after insert on asset_search begin
      ${ftsInsert('new')} from assets a where a.id = new.asset_id and new.active = 1;
    end`,
    `create trigger asset_search_fts_au after update of folder_path, type, ext, active, hidden on asset_search
      when old.folder_path is not new.folder_path or old.type is not new.type or old.ext is not new.ext
        or old.active is not new.active or old.hidden is not new.hidden
    begin
      delete from assets_fts where rowid = old.asset_id;
      ${ftsInsert('new')} from assets a where a.id = new.asset_id and new.active = 1;
    end`,
    `create trigger assets_fts_au after update of description, keywords, field_text on assets begin
      delete from assets_fts where rowid = old.id;
      ${ftsInsert('s')} from assets a join asset_search s on s.asset_id = a.id where a.id = new.id and s.active = 1;
    end`,
  ];
}

/** 2026112950's function, with the class above and the two new columns watched. */
function postgresSync(): string {
  let fn = postgresSearchSync({ copied: ['size'] });
  fn = swap(fn, "n.keywords || ' ' || n.categories", "n.keywords || ' ' || n.categories || ' ' || n.field_text", 2);
  fn = swap(
    fn,
    'o.keywords is distinct from n.keywords',
    'o.keywords is distinct from n.keywords or o.field_text is distinct from n.field_text',
    1,
  );
  fn = swap(fn, OLD_HIDDEN('n', 'f'), hiddenOf('n', 'f'), 2);
  return swap(
    fn,
    'o.visibility is distinct from n.visibility',
    'o.visibility is distinct from n.visibility or o.availability is distinct from n.availability' +
      ' or o.review_state is distinct from n.review_state',
    1,
  );
}

/** The new columns asset cards show (their kept answers follow them). */
const CARD_COLUMNS = ['availability', 'availability_date', 'availability_reason', 'review_state', 'review_reason'];

function postgres(): string[] {
  const cardChanged = [
    'mime',
    'size',
    'width',
    'height',
    'duration_seconds',
    'thumb_key',
    'preview_key',
    'derivatives',
    'updated_at',
    ...CARD_COLUMNS,
  ]
    .map((c) => `o.${c} is distinct from n.${c}`)
    .join(' or ');
  return [
    postgresSync(),
    `create or replace function assets_card_generation() returns trigger language plpgsql as $$
      begin
        insert into search_generations (brand_id, n)
          select distinct n.brand_id, 1
          from new_rows n
          join old_rows o on o.id = n.id
          where ${cardChanged}
          order by 1
          on conflict (brand_id) do update set n = search_generations.n + 1;
        return null;
      end $$`,
    `create or replace function asset_search_folder_sync() returns trigger language plpgsql as $$
      begin
        update asset_search s
          set folder_path = new.path,
            active = case when new.status = 'ACTIVE' and a.status = 'ACTIVE' then 1 else 0 end,
            hidden = ${hiddenOf('a', 'new')}
          from assets a
          where s.folder_id = new.id and a.id = s.asset_id;
        return null;
      end $$`,
  ];
}

/**
 * Reviewers hold `asset.approve`: managers and administrators by default. The seed gives new
 * roles their permissions; roles of a database made before this migration get it here.
 */
async function grantApprove(db: Kysely<any>): Promise<void> {
  const roles = await db.selectFrom('roles').select('id').where('name', 'in', ['admin', 'manager']).execute();
  if (roles.length === 0) return;
  let perm = await db.selectFrom('permissions').select('id').where('name', '=', 'asset.approve').executeTakeFirst();
  if (!perm)
    perm = await db
      .insertInto('permissions')
      .values({ name: 'asset.approve' })
      .returning('id')
      .executeTakeFirstOrThrow();
  const permissionId = perm.id;
  await db
    .insertInto('role_permissions')
    .values(roles.map((r: { id: number }) => ({ role_id: r.id, permission_id: permissionId })))
    .execute();
}
