-- The schema of migrations 2026112201_foundation … 2026112501_login_throttles on SQLite, squashed
-- into one baseline before the first release (their files are in git history). Run by
-- 2026112200_baseline.ts one statement at a time; comments here are not kept in the database.
-- What all migrations together build, later ones included, is ../schema.sqlite.sql.

-- Accounts ------------------------------------------------------------------------------------------

create table users (
  id integer primary key autoincrement,
  first_name varchar(100) not null,
  last_name varchar(100) not null,
  email varchar(255) not null unique,
  password_hash varchar(255) not null,
  lang varchar(5) default 'en' not null,
  status varchar(16) default 'INACTIVE' not null,
  verified_at varchar(32),
  approved_at varchar(32),
  photo_uri varchar(1024),
  company varchar(255),
  country varchar(255),
  phone varchar(255),
  position varchar(255),
  menu_settings text,
  created_at varchar(32) not null,
  updated_at varchar(32) not null
);

create index users_status_created on users (status, created_at);

create table roles (
  id integer primary key autoincrement,
  name varchar(100) not null unique,
  created_at varchar(32) not null
);

create table permissions (
  id integer primary key autoincrement,
  name varchar(100) not null unique
);

create table role_permissions (
  role_id integer not null references roles (id) on delete cascade,
  permission_id integer not null references permissions (id) on delete cascade,
  constraint role_permissions_pk primary key (role_id, permission_id)
);

create table user_roles (
  user_id integer not null references users (id) on delete cascade,
  role_id integer not null references roles (id) on delete cascade,
  constraint user_roles_pk primary key (user_id, role_id)
);

create table user_permissions (
  user_id integer not null references users (id) on delete cascade,
  permission_id integer not null references permissions (id) on delete cascade,
  constraint user_permissions_pk primary key (user_id, permission_id)
);

-- Brands, and the users who belong to each.

create table brands (
  id integer primary key autoincrement,
  name varchar(255) not null,
  slug varchar(255) not null unique,
  status varchar(16) default 'ACTIVE' not null,
  image_uri varchar(1024),
  logo_uri varchar(1024),
  created_at varchar(32) not null,
  updated_at varchar(32) not null,
  image_key varchar(255),
  logo_key varchar(255)
);

create table user_brands (
  user_id integer not null references users (id) on delete cascade,
  brand_id integer not null references brands (id) on delete cascade,
  constraint user_brands_pk primary key (user_id, brand_id)
);

create index user_brands_brand on user_brands (brand_id);

-- Sign-in tokens and password reset links (hashes only).

create table access_tokens (
  id integer primary key autoincrement,
  user_id integer not null references users (id) on delete cascade,
  token_hash varchar(64) not null unique,
  emulator_id integer references users (id) on delete cascade,
  created_at varchar(32) not null,
  last_used_at varchar(32)
);

create index access_tokens_user on access_tokens (user_id);

create table password_resets (
  id integer primary key autoincrement,
  user_id integer not null references users (id) on delete cascade,
  token_hash varchar(64) not null unique,
  created_at varchar(32) not null,
  expires_at varchar(32) not null,
  used_at varchar(32)
);

-- One counter, bumped in the same transaction as any change to who holds which role or
-- permission: a process may keep each user's roles and permissions under it.

create table grant_generation (
  id integer primary key,
  n integer not null
);

insert into grant_generation (id, n) values (1, 0);

create trigger roles_grant_generation_insert after insert on roles begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger roles_grant_generation_update after update on roles begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger roles_grant_generation_delete after delete on roles begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger permissions_grant_generation_insert after insert on permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger permissions_grant_generation_update after update on permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger permissions_grant_generation_delete after delete on permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger role_permissions_grant_generation_insert after insert on role_permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger role_permissions_grant_generation_update after update on role_permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger role_permissions_grant_generation_delete after delete on role_permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger user_roles_grant_generation_insert after insert on user_roles begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger user_roles_grant_generation_update after update on user_roles begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger user_roles_grant_generation_delete after delete on user_roles begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger user_permissions_grant_generation_insert after insert on user_permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger user_permissions_grant_generation_update after update on user_permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

create trigger user_permissions_grant_generation_delete after delete on user_permissions begin
  update grant_generation
    set n = n + 1
    where id = 1;
end;

-- Rate-limit windows; failed sign-ins per e-mail address as typed (lower-cased), known account or
-- not, for the progressive slow-down and the temporary lock. Times in epoch milliseconds.

create table rate_limits (
  key varchar(512) primary key,
  count integer not null,
  reset_at bigint not null
);

create table login_throttles (
  email varchar(255) primary key,
  failures integer not null,
  last_at bigint not null,
  next_at bigint not null,
  locked_until bigint
);

create table app_settings (
  key varchar(100) primary key,
  value text not null
);

-- The job queue. Claims read `status = 'queued' and run_at <= now order by run_at, id`; the
-- lease reaper `status = 'running' and locked_until <= now`.

create table jobs (
  id integer primary key autoincrement,
  name varchar(100) not null,
  payload text not null,
  status varchar(16) default 'queued' not null,
  attempts integer default 0 not null,
  max_attempts integer not null,
  run_at varchar(32) not null,
  locked_by varchar(100),
  locked_until varchar(32),
  last_error text,
  dedupe_key varchar(255) unique,
  created_at varchar(32) not null,
  updated_at varchar(32) not null,
  finished_at varchar(32)
);

create index jobs_status_run_at on jobs (status, run_at, id);

-- Library -------------------------------------------------------------------------------------------

-- The extension allow-list.

create table extensions (
  id integer primary key autoincrement,
  name varchar(20) not null unique,
  mime_type varchar(255) not null,
  asset_type varchar(16) not null,
  status varchar(16) default 'ACTIVE' not null,
  created_at varchar(32) not null,
  updated_at varchar(32) not null
);

-- `path` is the chain of ancestor ids including the folder itself ("/1/5/9/"): a subtree is one
-- prefix match, a move rewrites one prefix. `private_path` is 1 when the folder or any ancestor
-- is PRIVATE, so visibility is checked without walking up the tree.

create table folders (
  id integer primary key autoincrement,
  brand_id integer not null references brands (id) on delete cascade,
  parent_id integer references folders (id) on delete cascade,
  name varchar(510) not null,
  visibility varchar(16) not null,
  private_path integer default 0 not null,
  status varchar(16) default 'ACTIVE' not null,
  image_key varchar(255),
  path text not null,
  depth integer not null,
  created_by integer references users (id) on delete set null,
  created_at varchar(32) not null,
  updated_at varchar(32) not null
);

create index folders_brand_parent on folders (brand_id, parent_id, name);

create index folders_path on folders (path);

create table assets (
  id integer primary key autoincrement,
  brand_id integer not null references brands (id) on delete cascade,
  folder_id integer not null references folders (id) on delete cascade,
  name varchar(255) not null,
  ext varchar(20) not null,
  mime varchar(255) not null,
  type varchar(16) not null,
  size bigint not null,
  sha256 varchar(64) not null,
  blob_key varchar(255) not null,
  width integer,
  height integer,
  duration_seconds real,
  author varchar(255),
  description text,
  keywords text default '[]' not null,
  categories text default '[]' not null,
  language varchar(100),
  visibility varchar(16) not null,
  status varchar(16) default 'ACTIVE' not null,
  name_locked integer default 0 not null,
  taken_at varchar(32),
  camera text,
  derivatives varchar(16) default 'pending' not null,
  derivative_rev integer default 0 not null,
  thumb_key varchar(255),
  preview_key varchar(255),
  current_version integer default 1 not null,
  created_by integer references users (id) on delete set null,
  created_at varchar(32) not null,
  updated_at varchar(32) not null
);

create index assets_brand_sha on assets (brand_id, sha256);

create index assets_folder_listing on assets (folder_id, status, name);

create table asset_versions (
  id integer primary key autoincrement,
  asset_id integer not null references assets (id) on delete cascade,
  number integer not null,
  name varchar(255) not null,
  ext varchar(20) not null,
  mime varchar(255) not null,
  size bigint not null,
  sha256 varchar(64) not null,
  blob_key varchar(255) not null,
  width integer,
  height integer,
  thumb_key varchar(255),
  created_by integer references users (id) on delete set null,
  created_at varchar(32) not null,
  constraint asset_versions_number unique (asset_id, number)
);

-- Search --------------------------------------------------------------------------------------------

-- One row per asset with everything the searcher filters and sorts on, denormalised from the
-- asset and its folder (brand, folder path, effective privacy, live status) and kept in step by
-- the triggers below, so no code path can forget it.

create table asset_search (
  asset_id integer primary key references assets (id) on delete cascade,
  brand_id integer not null,
  folder_id integer not null,
  folder_path text not null,
  active integer not null,
  hidden integer not null,
  type varchar(16) not null,
  ext varchar(20) not null,
  author varchar(255),
  language varchar(100),
  categories text not null,
  sort_date varchar(32) not null,
  name_lc varchar(255) not null
);

-- The sort indexes: the scope (brand or folder) and `active`, the sort key and the id, `hidden`,
-- then what a filtered page checks (a subfolder's path, type, extension, author, language), so a
-- page is an ordered walk that never reads a row.

create index asset_search_brand_name_path on asset_search (brand_id, active, name_lc, asset_id, hidden, folder_path, type, ext, author, language, sort_date);

create index asset_search_brand_date_path on asset_search (brand_id, active, sort_date, asset_id, hidden, folder_path, type, ext, author, language);

create index asset_search_folder_name on asset_search (folder_id, active, name_lc, asset_id, hidden, type, ext, author, language, sort_date);

create index asset_search_folder_date on asset_search (folder_id, active, sort_date, asset_id, hidden, type, ext, author, language);

-- The filter indexes hold every column a count, the facets and a page read.

create index asset_search_brand_type on asset_search (brand_id, active, type, name_lc, asset_id, hidden, author, language, ext, folder_path, sort_date, categories);

create index asset_search_brand_author on asset_search (brand_id, active, author, language, type, ext, hidden, folder_path, sort_date, name_lc, categories);

create index asset_search_brand_language on asset_search (brand_id, active, language, type, ext, hidden, author, folder_path, sort_date, name_lc, categories);

create index asset_search_brand_ext on asset_search (brand_id, active, ext, type, hidden, folder_path, author, language, sort_date, name_lc, categories);

-- An asset's search row follows the asset (delete and insert again) and its folder (updated in place).

create trigger assets_search_ai after insert on assets begin
  insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc)
    select new.id, new.brand_id, new.folder_id, f.path,
      case when new.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
      case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
      new.type, lower(new.ext), new.author, new.language, new.categories, new.created_at, lower(new.name)
    from folders f
    where f.id = new.folder_id;
end;

create trigger assets_search_au after update of brand_id, folder_id, name, ext, type, author, language, categories, visibility, status, created_at on assets begin
  delete from asset_search
    where asset_id = old.id;
  insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc)
    select new.id, new.brand_id, new.folder_id, f.path,
      case when new.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
      case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
      new.type, lower(new.ext), new.author, new.language, new.categories, new.created_at, lower(new.name)
    from folders f
    where f.id = new.folder_id;
end;

create trigger folders_search_au after update of path, private_path, status on folders begin
  update asset_search
    set folder_path = new.path,
      active = case when new.status = 'ACTIVE' and (select a.status from assets a where a.id = asset_search.asset_id) = 'ACTIVE' then 1 else 0 end,
      hidden = case when new.private_path = 1 or (select a.visibility from assets a where a.id = asset_search.asset_id) = 'PRIVATE' then 1 else 0 end
    where folder_id = new.id;
end;

-- Full text: only searchable assets (active) have a row, without positions (`detail = none`:
-- words and prefixes are matched, never phrases), with prefix indexes for 2 to 8 characters.
-- `scope` holds tokens that start with U+E000 (no typed word can reach them): one per folder on
-- the path, the type, the extension, their pair, each folder with that pair, and `hidden`, so
-- FTS5 alone finds a word's matches in a subfolder with type, extension and privacy.
-- Contentless: the triggers below write every row.

create virtual table assets_fts using fts5 (
  name,
  description,
  keywords,
  categories,
  scope,
  content = '',
  contentless_delete = 1,
  detail = none,
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '2 3 4 5 6 7 8'
);

-- Document counts per term: the search picks its plan from how common a word is.

create virtual table assets_fts_vocab using fts5vocab (
  assets_fts,
  row
);

create trigger asset_search_fts_ai after insert on asset_search begin
  insert into assets_fts (rowid, name, description, keywords, categories, scope)
    select a.id, a.name, coalesce(a.description, ''), a.keywords, a.categories,
      -- '/1/3/17/': f1 f3 f17, t<type>, x<ext>, c<type>x<ext>, f1c<type>x<ext> …, hidden
      char(57344) || 'f' || replace(substr(new.folder_path, 2, length(new.folder_path) - 2), '/', ' ' || char(57344) || 'f')
      || ' ' || char(57344) || 't' || new.type || ' ' || char(57344) || 'x' || new.ext
      || ' ' || char(57344) || 'c' || new.type || 'x' || new.ext
      || ' ' || char(57344) || 'f'
        || replace(substr(new.folder_path, 2, length(new.folder_path) - 2), '/', 'c' || new.type || 'x' || new.ext || ' ' || char(57344) || 'f')
        || 'c' || new.type || 'x' || new.ext
      || case when new.hidden = 1 then ' ' || char(57344) || 'hidden' else '' end
    from assets a
    where a.id = new.asset_id and new.active = 1;
end;

create trigger asset_search_fts_au after update of folder_path, type, ext, active, hidden on asset_search
  when old.folder_path is not new.folder_path
    or old.type is not new.type
    or old.ext is not new.ext
    or old.active is not new.active
    or old.hidden is not new.hidden
begin
  delete from assets_fts
    where rowid = old.asset_id;
  insert into assets_fts (rowid, name, description, keywords, categories, scope)
    select a.id, a.name, coalesce(a.description, ''), a.keywords, a.categories,
      -- '/1/3/17/': f1 f3 f17, t<type>, x<ext>, c<type>x<ext>, f1c<type>x<ext> …, hidden
      char(57344) || 'f' || replace(substr(new.folder_path, 2, length(new.folder_path) - 2), '/', ' ' || char(57344) || 'f')
      || ' ' || char(57344) || 't' || new.type || ' ' || char(57344) || 'x' || new.ext
      || ' ' || char(57344) || 'c' || new.type || 'x' || new.ext
      || ' ' || char(57344) || 'f'
        || replace(substr(new.folder_path, 2, length(new.folder_path) - 2), '/', 'c' || new.type || 'x' || new.ext || ' ' || char(57344) || 'f')
        || 'c' || new.type || 'x' || new.ext
      || case when new.hidden = 1 then ' ' || char(57344) || 'hidden' else '' end
    from assets a
    where a.id = new.asset_id and new.active = 1;
end;

create trigger asset_search_fts_ad after delete on asset_search begin
  delete from assets_fts
    where rowid = old.asset_id;
end;

create trigger assets_fts_au after update of description, keywords on assets begin
  delete from assets_fts
    where rowid = old.id;
  insert into assets_fts (rowid, name, description, keywords, categories, scope)
    select a.id, a.name, coalesce(a.description, ''), a.keywords, a.categories,
      -- '/1/3/17/': f1 f3 f17, t<type>, x<ext>, c<type>x<ext>, f1c<type>x<ext> …, hidden
      char(57344) || 'f' || replace(substr(s.folder_path, 2, length(s.folder_path) - 2), '/', ' ' || char(57344) || 'f')
      || ' ' || char(57344) || 't' || s.type || ' ' || char(57344) || 'x' || s.ext
      || ' ' || char(57344) || 'c' || s.type || 'x' || s.ext
      || ' ' || char(57344) || 'f'
        || replace(substr(s.folder_path, 2, length(s.folder_path) - 2), '/', 'c' || s.type || 'x' || s.ext || ' ' || char(57344) || 'f')
        || 'c' || s.type || 'x' || s.ext
      || case when s.hidden = 1 then ' ' || char(57344) || 'hidden' else '' end
    from assets a
    join asset_search s on s.asset_id = a.id
    where a.id = new.id and s.active = 1;
end;

-- Counts kept ahead of time, so unfiltered views answer totals and facets from a few hundred rows:
-- live assets per folder (and per brand), privacy and facet value. Rows that drop to 0 stay.

create table asset_facets (
  folder_id integer not null,
  hidden integer not null,
  facet varchar(16) not null,
  value varchar(255) not null,
  n integer not null,
  primary key (folder_id, hidden, facet, value)
);

create index asset_facets_counts on asset_facets (folder_id, hidden, facet, value, n);

create table brand_facets (
  brand_id integer not null,
  hidden integer not null,
  facet varchar(16) not null,
  value varchar(255) not null,
  n integer not null,
  primary key (brand_id, hidden, facet, value)
);

-- One row per asset and category, with what a categories filter over the brand also checks: the
-- whole count is one index range per category.

create table asset_categories (
  asset_id integer not null references asset_search (asset_id) on delete cascade,
  brand_id integer not null,
  category varchar(255) not null,
  active integer not null default 1,
  hidden integer not null default 0,
  sort_date varchar(32) not null default '',
  primary key (asset_id, category)
);

create index asset_categories_brand on asset_categories (brand_id, category, active, sort_date, hidden, asset_id);

-- The count triggers: a row's counts are taken out and put back only when a counted value changed.

create trigger asset_search_counts_ai after insert on asset_search begin
  insert into asset_facets (folder_id, hidden, facet, value, n)
    select new.folder_id, new.hidden, p.facet, p.value, 1
    from (select 'type' as facet, new.type as value
      union all select 'extension', new.ext
      union all select 'author', new.author where new.author is not null and new.author <> ''
      union all select 'language', new.language where new.language is not null and new.language <> ''
      union all select 'category', c.value from json_each(new.categories) c) p
    where new.active = 1
    on conflict (folder_id, hidden, facet, value) do update set n = n + excluded.n;
  insert into brand_facets (brand_id, hidden, facet, value, n)
    select new.brand_id, new.hidden, p.facet, p.value, 1
    from (select 'type' as facet, new.type as value
      union all select 'extension', new.ext
      union all select 'author', new.author where new.author is not null and new.author <> ''
      union all select 'language', new.language where new.language is not null and new.language <> ''
      union all select 'category', c.value from json_each(new.categories) c) p
    where new.active = 1
    on conflict (brand_id, hidden, facet, value) do update set n = n + excluded.n;
  insert into asset_categories (asset_id, brand_id, category, active, hidden, sort_date)
    select new.asset_id, new.brand_id, c.value, new.active, new.hidden, new.sort_date
    from json_each(new.categories) c
    where true
    on conflict do nothing;
  insert into search_generations (brand_id, n)
    values (new.brand_id, 1)
    on conflict (brand_id) do update set n = n + 1;
end;

create trigger asset_search_counts_au after update of brand_id, folder_id, active, hidden, type, ext, author, language, categories on asset_search
  when old.brand_id is not new.brand_id
    or old.folder_id is not new.folder_id
    or old.active is not new.active
    or old.hidden is not new.hidden
    or old.type is not new.type
    or old.ext is not new.ext
    or old.author is not new.author
    or old.language is not new.language
    or old.categories is not new.categories
begin
  insert into asset_facets (folder_id, hidden, facet, value, n)
    select old.folder_id, old.hidden, p.facet, p.value, -1
    from (select 'type' as facet, old.type as value
      union all select 'extension', old.ext
      union all select 'author', old.author where old.author is not null and old.author <> ''
      union all select 'language', old.language where old.language is not null and old.language <> ''
      union all select 'category', c.value from json_each(old.categories) c) p
    where old.active = 1
    on conflict (folder_id, hidden, facet, value) do update set n = n + excluded.n;
  insert into brand_facets (brand_id, hidden, facet, value, n)
    select old.brand_id, old.hidden, p.facet, p.value, -1
    from (select 'type' as facet, old.type as value
      union all select 'extension', old.ext
      union all select 'author', old.author where old.author is not null and old.author <> ''
      union all select 'language', old.language where old.language is not null and old.language <> ''
      union all select 'category', c.value from json_each(old.categories) c) p
    where old.active = 1
    on conflict (brand_id, hidden, facet, value) do update set n = n + excluded.n;
  insert into asset_facets (folder_id, hidden, facet, value, n)
    select new.folder_id, new.hidden, p.facet, p.value, 1
    from (select 'type' as facet, new.type as value
      union all select 'extension', new.ext
      union all select 'author', new.author where new.author is not null and new.author <> ''
      union all select 'language', new.language where new.language is not null and new.language <> ''
      union all select 'category', c.value from json_each(new.categories) c) p
    where new.active = 1
    on conflict (folder_id, hidden, facet, value) do update set n = n + excluded.n;
  insert into brand_facets (brand_id, hidden, facet, value, n)
    select new.brand_id, new.hidden, p.facet, p.value, 1
    from (select 'type' as facet, new.type as value
      union all select 'extension', new.ext
      union all select 'author', new.author where new.author is not null and new.author <> ''
      union all select 'language', new.language where new.language is not null and new.language <> ''
      union all select 'category', c.value from json_each(new.categories) c) p
    where new.active = 1
    on conflict (brand_id, hidden, facet, value) do update set n = n + excluded.n;
  delete from asset_categories
    where asset_id = old.asset_id;
  insert into asset_categories (asset_id, brand_id, category, active, hidden, sort_date)
    select new.asset_id, new.brand_id, c.value, new.active, new.hidden, new.sort_date
    from json_each(new.categories) c
    where true
    on conflict do nothing;
end;

create trigger asset_search_counts_ad after delete on asset_search begin
  insert into asset_facets (folder_id, hidden, facet, value, n)
    select old.folder_id, old.hidden, p.facet, p.value, -1
    from (select 'type' as facet, old.type as value
      union all select 'extension', old.ext
      union all select 'author', old.author where old.author is not null and old.author <> ''
      union all select 'language', old.language where old.language is not null and old.language <> ''
      union all select 'category', c.value from json_each(old.categories) c) p
    where old.active = 1
    on conflict (folder_id, hidden, facet, value) do update set n = n + excluded.n;
  insert into brand_facets (brand_id, hidden, facet, value, n)
    select old.brand_id, old.hidden, p.facet, p.value, -1
    from (select 'type' as facet, old.type as value
      union all select 'extension', old.ext
      union all select 'author', old.author where old.author is not null and old.author <> ''
      union all select 'language', old.language where old.language is not null and old.language <> ''
      union all select 'category', c.value from json_each(old.categories) c) p
    where old.active = 1
    on conflict (brand_id, hidden, facet, value) do update set n = n + excluded.n;
  delete from asset_categories
    where asset_id = old.asset_id;
  insert into search_generations (brand_id, n)
    values (old.brand_id, 1)
    on conflict (brand_id) do update set n = n + 1;
end;

-- A counter per brand, bumped in the same transaction as any change to what its searches answer
-- (search rows, text, cards): the search service keeps answers under (brand, generation).

create table search_generations (
  brand_id integer primary key,
  n integer not null
);

create trigger asset_search_generation_au after update on asset_search begin
  insert into search_generations (brand_id, n)
    values (old.brand_id, 1)
    on conflict (brand_id) do update set n = n + 1;
  insert into search_generations (brand_id, n)
    values (new.brand_id, 1)
    on conflict (brand_id) do update set n = n + 1;
end;

create trigger assets_text_generation_au after update of description, keywords on assets begin
  insert into search_generations (brand_id, n)
    values (new.brand_id, 1)
    on conflict (brand_id) do update set n = n + 1;
end;

create trigger assets_card_generation_au after update of mime, size, width, height, duration_seconds, thumb_key, preview_key, derivatives, updated_at on assets begin
  insert into search_generations (brand_id, n)
    values (new.brand_id, 1)
    on conflict (brand_id) do update set n = n + 1;
end;

-- Statistics as the migrations left them (analyzed while empty).

analyze asset_search;

analyze asset_facets;

analyze asset_categories;
