-- The schema of migrations 2026112201_foundation … 2026112501_login_throttles on PostgreSQL,
-- squashed into one baseline before the first release (their files are in git history). Run by
-- 2026112200_baseline.ts one statement at a time, in the schema the connection's search path
-- names; :fold_from and :fold_to stand for the accent-folding table of support/fold.ts
-- (FOLD_FROM, FOLD_TO) as string literals. What all migrations together build, later ones
-- included, is ../schema.postgres.sql.

-- Accounts ------------------------------------------------------------------------------------------

create table users (
  id serial primary key,
  first_name varchar(100) not null,
  last_name varchar(100) not null,
  email varchar(255) not null unique,
  password_hash varchar(255) not null,
  lang varchar(5) not null default 'en',
  status varchar(16) not null default 'INACTIVE',
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
  id serial primary key,
  name varchar(100) not null unique,
  created_at varchar(32) not null
);

create table permissions (
  id serial primary key,
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
  id serial primary key,
  name varchar(255) not null,
  slug varchar(255) not null unique,
  status varchar(16) not null default 'ACTIVE',
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
  id serial primary key,
  user_id integer not null references users (id) on delete cascade,
  token_hash varchar(64) not null unique,
  emulator_id integer references users (id) on delete cascade,
  created_at varchar(32) not null,
  last_used_at varchar(32)
);

create index access_tokens_user on access_tokens (user_id);

create table password_resets (
  id serial primary key,
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

create function grant_generation_bump() returns trigger language plpgsql as $$
  begin
    update grant_generation
      set n = n + 1
      where id = 1;
    return null;
  end
$$;

create trigger roles_grant_generation after insert or delete or update or truncate on roles
  for each statement execute function grant_generation_bump();

create trigger permissions_grant_generation after insert or delete or update or truncate on permissions
  for each statement execute function grant_generation_bump();

create trigger role_permissions_grant_generation after insert or delete or update or truncate on role_permissions
  for each statement execute function grant_generation_bump();

create trigger user_roles_grant_generation after insert or delete or update or truncate on user_roles
  for each statement execute function grant_generation_bump();

create trigger user_permissions_grant_generation after insert or delete or update or truncate on user_permissions
  for each statement execute function grant_generation_bump();

-- Rate-limit windows, unlogged: a hit is a memory-speed write, and a crash only forgets the
-- current windows. Failed sign-ins per e-mail address as typed (lower-cased), known account or
-- not, for the progressive slow-down and the temporary lock. Times in epoch milliseconds.

create unlogged table rate_limits (
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

-- The job queue, with 64-bit ids. Claims read `status = 'queued' and run_at <= now order by
-- run_at, id`; the lease reaper `status = 'running' and locked_until <= now`.

create table jobs (
  id bigserial primary key,
  name varchar(100) not null,
  payload text not null,
  status varchar(16) not null default 'queued',
  attempts integer not null default 0,
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
  id serial primary key,
  name varchar(20) not null unique,
  mime_type varchar(255) not null,
  asset_type varchar(16) not null,
  status varchar(16) not null default 'ACTIVE',
  created_at varchar(32) not null,
  updated_at varchar(32) not null
);

-- `path` is the chain of ancestor ids including the folder itself ("/1/5/9/"): a subtree is one
-- prefix match, a move rewrites one prefix. Compared byte by byte (collation "C", as on SQLite),
-- so a btree serves `path like '/1/5/%'`. `private_path` is 1 when the folder or any ancestor is
-- PRIVATE, so visibility is checked without walking up the tree.

create table folders (
  id serial primary key,
  brand_id integer not null references brands (id) on delete cascade,
  parent_id integer references folders (id) on delete cascade,
  name varchar(510) not null,
  visibility varchar(16) not null,
  private_path integer not null default 0,
  status varchar(16) not null default 'ACTIVE',
  image_key varchar(255),
  path text collate "C" not null,
  depth integer not null,
  created_by integer references users (id) on delete set null,
  created_at varchar(32) not null,
  updated_at varchar(32) not null
);

create index folders_brand_parent on folders (brand_id, parent_id, name);

create index folders_path on folders (path);

create table assets (
  id serial primary key,
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
  duration_seconds double precision,
  author varchar(255),
  description text,
  keywords text not null default '[]',
  categories text not null default '[]',
  language varchar(100),
  visibility varchar(16) not null,
  status varchar(16) not null default 'ACTIVE',
  name_locked integer not null default 0,
  taken_at varchar(32),
  camera text,
  derivatives varchar(16) not null default 'pending',
  derivative_rev integer not null default 0,
  thumb_key varchar(255),
  preview_key varchar(255),
  current_version integer not null default 1,
  created_by integer references users (id) on delete set null,
  created_at varchar(32) not null,
  updated_at varchar(32) not null
);

create index assets_brand_sha on assets (brand_id, sha256);

create index assets_folder_listing on assets (folder_id, status, name);

create table asset_versions (
  id serial primary key,
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
-- the triggers below, so no code path can forget it. `tsv`: the name, description, keywords and
-- categories, lower-cased, accents folded (:fold_from), punctuation to spaces, with the 'simple'
-- configuration (no stemming).

create table asset_search (
  asset_id integer primary key references assets (id) on delete cascade,
  brand_id integer not null,
  folder_id integer not null,
  folder_path text collate "C" not null,
  active integer not null,
  hidden integer not null,
  type varchar(16) not null,
  ext varchar(20) not null,
  author varchar(255),
  language varchar(100),
  categories text not null,
  sort_date varchar(32) not null,
  name_lc varchar(255) not null,
  tsv tsvector
);

-- The sort indexes: the scope (brand or folder) and `active`, the sort key and the id, `hidden`,
-- then what a filtered page checks, so a page is an index-only walk.

create index asset_search_brand_name_path on asset_search (brand_id, active, name_lc, asset_id, hidden, folder_path) include (type, ext, author, language, sort_date);

create index asset_search_brand_date_path on asset_search (brand_id, active, sort_date, asset_id, hidden, folder_path) include (type, ext, author, language);

create index asset_search_folder_name on asset_search (folder_id, active, name_lc, asset_id, hidden) include (type, ext, author, language, sort_date);

create index asset_search_folder_date on asset_search (folder_id, active, sort_date, asset_id, hidden) include (type, ext, author, language);

-- The filter indexes hold every column a count, the facets and a page read (the extension's
-- stays narrow: its repeated keys deduplicate, and it is the scope side of a word's bitmap AND).

create index asset_search_brand_type on asset_search (brand_id, active, type, name_lc, asset_id, hidden) include (author, language, ext, folder_path, sort_date, categories);

create index asset_search_brand_author on asset_search (brand_id, active, author, language, type, ext, hidden) include (folder_path, sort_date, name_lc, categories, asset_id);

create index asset_search_brand_language on asset_search (brand_id, active, language, type, ext, hidden) include (author, folder_path, sort_date, name_lc, categories, asset_id);

create index asset_search_brand_ext on asset_search (brand_id, active, ext, type, folder_path, hidden);

-- The facet columns beside the id: facets over matches read the index, not the table.

create index asset_search_facet_columns on asset_search (asset_id) include (type, ext, author, language, categories);

create index asset_search_tsv on asset_search using gin (tsv);

-- The categories filter: each row's JSON list as an array, matched by overlap (&&).

create function search_categories(text) returns text[] language sql immutable parallel safe
  as $$ select coalesce(array_agg(c), '{}') from jsonb_array_elements_text($1::jsonb) c $$;

create index asset_search_categories on asset_search using gin (search_categories(categories));

-- Assets feed asset_search one statement at a time (one upsert per statement on assets; updates
-- that change no searched column leave it alone). asset_search_sync is the row trigger function
-- this replaced; nothing calls it any more.

create function asset_search_sync_rows() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc, tsv)
        select n.id, n.brand_id, n.folder_id, f.path,
          case when n.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
          case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
          n.type, lower(n.ext), n.author, n.language, n.categories, n.created_at, lower(n.name),
          to_tsvector('simple', regexp_replace(translate(lower(
            n.name || ' ' || coalesce(n.description, '') || ' ' || n.keywords || ' ' || n.categories),
            :fold_from, :fold_to), '[[:punct:][:space:]]+', ' ', 'g'))
        from new_rows n
        join folders f on f.id = n.folder_id
        order by n.id
        on conflict (asset_id) do update set brand_id = excluded.brand_id,
          folder_id = excluded.folder_id,
          folder_path = excluded.folder_path,
          active = excluded.active,
          hidden = excluded.hidden,
          type = excluded.type,
          ext = excluded.ext,
          author = excluded.author,
          language = excluded.language,
          categories = excluded.categories,
          sort_date = excluded.sort_date,
          name_lc = excluded.name_lc,
          tsv = excluded.tsv;
    else
      insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc, tsv)
        select n.id, n.brand_id, n.folder_id, f.path,
          case when n.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
          case when n.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
          n.type, lower(n.ext), n.author, n.language, n.categories, n.created_at, lower(n.name),
          to_tsvector('simple', regexp_replace(translate(lower(
            n.name || ' ' || coalesce(n.description, '') || ' ' || n.keywords || ' ' || n.categories),
            :fold_from, :fold_to), '[[:punct:][:space:]]+', ' ', 'g'))
        from new_rows n
        join old_rows o on o.id = n.id and (o.brand_id is distinct from n.brand_id
          or o.folder_id is distinct from n.folder_id
          or o.name is distinct from n.name
          or o.ext is distinct from n.ext
          or o.type is distinct from n.type
          or o.author is distinct from n.author
          or o.language is distinct from n.language
          or o.categories is distinct from n.categories
          or o.visibility is distinct from n.visibility
          or o.status is distinct from n.status
          or o.created_at is distinct from n.created_at
          or o.description is distinct from n.description
          or o.keywords is distinct from n.keywords)
        join folders f on f.id = n.folder_id
        order by n.id
        on conflict (asset_id) do update set brand_id = excluded.brand_id,
          folder_id = excluded.folder_id,
          folder_path = excluded.folder_path,
          active = excluded.active,
          hidden = excluded.hidden,
          type = excluded.type,
          ext = excluded.ext,
          author = excluded.author,
          language = excluded.language,
          categories = excluded.categories,
          sort_date = excluded.sort_date,
          name_lc = excluded.name_lc,
          tsv = excluded.tsv;
    end if;
    return null;
  end
$$;

create trigger assets_search_ai after insert on assets
  referencing new table as new_rows
  for each statement execute function asset_search_sync_rows();

create trigger assets_search_au after update on assets
  referencing old table as old_rows new table as new_rows
  for each statement execute function asset_search_sync_rows();

create function asset_search_folder_sync() returns trigger language plpgsql as $$
  begin
    update asset_search s
      set folder_path = new.path,
        active = case when new.status = 'ACTIVE' and a.status = 'ACTIVE' then 1 else 0 end,
        hidden = case when new.private_path = 1 or a.visibility = 'PRIVATE' then 1 else 0 end
      from assets a
      where s.folder_id = new.id and a.id = s.asset_id;
    return null;
  end
$$;

create trigger folders_search_au after update of path, private_path, status on folders
  for each row execute function asset_search_folder_sync();

create function asset_search_sync() returns trigger language plpgsql as $$
  begin
    insert into asset_search (asset_id, brand_id, folder_id, folder_path, active, hidden, type, ext, author, language, categories, sort_date, name_lc, tsv)
      select new.id, new.brand_id, new.folder_id, f.path,
        case when new.status = 'ACTIVE' and f.status = 'ACTIVE' then 1 else 0 end,
        case when new.visibility = 'PRIVATE' or f.private_path = 1 then 1 else 0 end,
        new.type, lower(new.ext), new.author, new.language, new.categories, new.created_at, lower(new.name),
        to_tsvector('simple', regexp_replace(translate(lower(
          new.name || ' ' || coalesce(new.description, '') || ' ' || new.keywords || ' ' || new.categories),
          :fold_from, :fold_to), '[[:punct:][:space:]]+', ' ', 'g'))
      from folders f
      where f.id = new.folder_id
      on conflict (asset_id) do update set brand_id = excluded.brand_id,
        folder_id = excluded.folder_id,
        folder_path = excluded.folder_path,
        active = excluded.active,
        hidden = excluded.hidden,
        type = excluded.type,
        ext = excluded.ext,
        author = excluded.author,
        language = excluded.language,
        categories = excluded.categories,
        sort_date = excluded.sort_date,
        name_lc = excluded.name_lc,
        tsv = excluded.tsv;
    return null;
  end
$$;

-- Every word of the search index, so the last word of a query (matched as a prefix) is looked
-- up as the exact words it stands for. Words are only added.

create table search_vocabulary (
  word text collate "C" primary key
);

create function search_vocabulary_inserted() returns trigger language plpgsql as $$
  begin
    insert into search_vocabulary (word)
      select distinct w.word
      from new_rows r
      cross join lateral unnest(tsvector_to_array(r.tsv)) w(word)
      order by 1
      on conflict do nothing;
    return null;
  end
$$;

create trigger asset_search_vocabulary_ai after insert on asset_search
  referencing new table as new_rows
  for each statement execute function search_vocabulary_inserted();

-- Updates one row at a time (transition tables cannot go with a column list), only when the
-- words changed: moves and privacy changes update many rows and never the words.

create function search_vocabulary_updated() returns trigger language plpgsql as $$
  begin
    insert into search_vocabulary (word)
      select w
      from unnest(tsvector_to_array(new.tsv)) w
      order by 1
      on conflict do nothing;
    return null;
  end
$$;

create trigger asset_search_vocabulary_au after update of tsv on asset_search
  for each row
  when ((old.tsv is distinct from new.tsv)) execute function search_vocabulary_updated();

-- One row per live asset and word, keyed (brand, word, folder path, asset) with privacy, type and
-- extension alongside: a word's count in any scope is one btree range read without the table.
-- No foreign key (a cascade would need an index on asset_id alone): the delete trigger removes
-- a row's words by their key. Vacuumed at 0.5 % of changed rows, as counts read the index alone
-- only on all-visible pages.

create table asset_words (
  brand_id integer not null,
  word text collate "C" not null,
  folder_path text collate "C" not null,
  asset_id integer not null,
  hidden integer not null,
  type varchar(16) not null,
  ext varchar(20) not null
) with (autovacuum_vacuum_scale_factor = 0.005, autovacuum_vacuum_insert_scale_factor = 0.005);

create index asset_words_key on asset_words (brand_id, word, folder_path, asset_id) include (hidden, type, ext);

create function asset_words_sync() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into asset_words
        select new_rows.brand_id, w.word, new_rows.folder_path, new_rows.asset_id, new_rows.hidden, new_rows.type, new_rows.ext
        from new_rows
        cross join lateral unnest(tsvector_to_array(coalesce(new_rows.tsv, ''::tsvector))) w(word)
        where new_rows.active = 1;
    elsif tg_op = 'DELETE' then
      delete from asset_words a using old_rows o
        cross join lateral unnest(tsvector_to_array(coalesce(o.tsv, ''::tsvector))) w(word)
        where o.active = 1 and a.brand_id = o.brand_id and a.word = w.word and a.folder_path = o.folder_path and a.asset_id = o.asset_id;
    else
      with changed as materialized (
        select o.*
          from old_rows o
          join new_rows n on n.asset_id = o.asset_id
          where (n.tsv, n.brand_id, n.folder_path, n.active, n.hidden, n.type, n.ext)
            is distinct from (o.tsv, o.brand_id, o.folder_path, o.active, o.hidden, o.type, o.ext)
      )
      delete from asset_words a using changed o
        cross join lateral unnest(tsvector_to_array(coalesce(o.tsv, ''::tsvector))) w(word)
        where o.active = 1 and a.brand_id = o.brand_id and a.word = w.word and a.folder_path = o.folder_path and a.asset_id = o.asset_id;
      insert into asset_words
        select n.brand_id, w.word, n.folder_path, n.asset_id, n.hidden, n.type, n.ext
        from new_rows n
        join old_rows o on o.asset_id = n.asset_id
        cross join lateral unnest(tsvector_to_array(coalesce(n.tsv, ''::tsvector))) w(word)
        where n.active = 1 and (n.tsv, n.brand_id, n.folder_path, n.active, n.hidden, n.type, n.ext)
          is distinct from (o.tsv, o.brand_id, o.folder_path, o.active, o.hidden, o.type, o.ext);
    end if;
    return null;
  end
$$;

create trigger asset_words_ai after insert on asset_search
  referencing new table as new_rows
  for each statement execute function asset_words_sync();

create trigger asset_words_au after update on asset_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function asset_words_sync();

create trigger asset_words_ad after delete on asset_search
  referencing old table as old_rows
  for each statement execute function asset_words_sync();

-- Counts kept ahead of time, so unfiltered views answer totals and facets from a few hundred rows:
-- live assets per folder (and per brand), privacy and facet value. Rows that drop to 0 stay.
-- Statement triggers with transition tables: a bulk change is one grouped upsert per table, in
-- key order (no lock-order deadlocks between concurrent bulk changes).

create table asset_facets (
  folder_id integer not null,
  hidden integer not null,
  facet varchar(16) not null,
  value varchar(255) not null,
  n integer not null,
  primary key (folder_id, hidden, facet, value)
);

create index asset_facets_counts on asset_facets (folder_id, hidden, facet, value) include (n);

create table brand_facets (
  brand_id integer not null,
  hidden integer not null,
  facet varchar(16) not null,
  value varchar(255) not null,
  n integer not null,
  primary key (brand_id, hidden, facet, value)
);

-- A counter per brand, bumped in the same transaction as any change to what its searches answer
-- (search rows, cards): the search service keeps answers under (brand, generation).

create table search_generations (
  brand_id integer primary key,
  n integer not null
);

create function asset_search_counts() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      with d as (
        select *, 1 as delta
          from new_rows
          where active = 1
      ),
      kv as (
        select d.folder_id, d.brand_id, d.hidden, p.facet, p.value, d.delta
          from d
          cross join lateral (select 'type' as facet, d.type as value
            union all select 'extension', d.ext
            union all select 'author', d.author where d.author is not null and d.author <> ''
            union all select 'language', d.language where d.language is not null and d.language <> ''
            union all select 'category', c.value from jsonb_array_elements_text(d.categories::jsonb) c(value)) p
      ),
      f as (
        insert into asset_facets (folder_id, hidden, facet, value, n)
          select folder_id, hidden, facet, value, sum(delta)
          from kv
          group by 1, 2, 3, 4
          having sum(delta) <> 0
          order by 1, 2, 3, 4
          on conflict (folder_id, hidden, facet, value) do update set n = asset_facets.n + excluded.n
      )
      insert into brand_facets (brand_id, hidden, facet, value, n)
        select brand_id, hidden, facet, value, sum(delta)
        from kv
        group by 1, 2, 3, 4
        having sum(delta) <> 0
        order by 1, 2, 3, 4
        on conflict (brand_id, hidden, facet, value) do update set n = brand_facets.n + excluded.n;
      insert into search_generations (brand_id, n)
        select distinct brand_id, 1
        from (select brand_id from new_rows) b
        order by 1
        on conflict (brand_id) do update set n = search_generations.n + 1;
    elsif tg_op = 'DELETE' then
      with d as (
        select *, -1 as delta
          from old_rows
          where active = 1
      ),
      kv as (
        select d.folder_id, d.brand_id, d.hidden, p.facet, p.value, d.delta
          from d
          cross join lateral (select 'type' as facet, d.type as value
            union all select 'extension', d.ext
            union all select 'author', d.author where d.author is not null and d.author <> ''
            union all select 'language', d.language where d.language is not null and d.language <> ''
            union all select 'category', c.value from jsonb_array_elements_text(d.categories::jsonb) c(value)) p
      ),
      f as (
        insert into asset_facets (folder_id, hidden, facet, value, n)
          select folder_id, hidden, facet, value, sum(delta)
          from kv
          group by 1, 2, 3, 4
          having sum(delta) <> 0
          order by 1, 2, 3, 4
          on conflict (folder_id, hidden, facet, value) do update set n = asset_facets.n + excluded.n
      )
      insert into brand_facets (brand_id, hidden, facet, value, n)
        select brand_id, hidden, facet, value, sum(delta)
        from kv
        group by 1, 2, 3, 4
        having sum(delta) <> 0
        order by 1, 2, 3, 4
        on conflict (brand_id, hidden, facet, value) do update set n = brand_facets.n + excluded.n;
      insert into search_generations (brand_id, n)
        select distinct brand_id, 1
        from (select brand_id from old_rows) b
        order by 1
        on conflict (brand_id) do update set n = search_generations.n + 1;
    else
      with d as (
        select *, -1 as delta
          from old_rows
          where active = 1
          union all select *, 1 as delta
          from new_rows
          where active = 1
      ),
      kv as (
        select d.folder_id, d.brand_id, d.hidden, p.facet, p.value, d.delta
          from d
          cross join lateral (select 'type' as facet, d.type as value
            union all select 'extension', d.ext
            union all select 'author', d.author where d.author is not null and d.author <> ''
            union all select 'language', d.language where d.language is not null and d.language <> ''
            union all select 'category', c.value from jsonb_array_elements_text(d.categories::jsonb) c(value)) p
      ),
      f as (
        insert into asset_facets (folder_id, hidden, facet, value, n)
          select folder_id, hidden, facet, value, sum(delta)
          from kv
          group by 1, 2, 3, 4
          having sum(delta) <> 0
          order by 1, 2, 3, 4
          on conflict (folder_id, hidden, facet, value) do update set n = asset_facets.n + excluded.n
      )
      insert into brand_facets (brand_id, hidden, facet, value, n)
        select brand_id, hidden, facet, value, sum(delta)
        from kv
        group by 1, 2, 3, 4
        having sum(delta) <> 0
        order by 1, 2, 3, 4
        on conflict (brand_id, hidden, facet, value) do update set n = brand_facets.n + excluded.n;
      insert into search_generations (brand_id, n)
        select distinct brand_id, 1
        from (select brand_id from old_rows
          union select brand_id from new_rows) b
        order by 1
        on conflict (brand_id) do update set n = search_generations.n + 1;
    end if;
    return null;
  end
$$;

create trigger asset_search_counts_ai after insert on asset_search
  referencing new table as new_rows
  for each statement execute function asset_search_counts();

create trigger asset_search_counts_au after update on asset_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function asset_search_counts();

create trigger asset_search_counts_ad after delete on asset_search
  referencing old table as old_rows
  for each statement execute function asset_search_counts();

-- Card columns that change without touching asset_search (derivatives finishing, a new version).

create function assets_card_generation() returns trigger language plpgsql as $$
  begin
    insert into search_generations (brand_id, n)
      select distinct n.brand_id, 1
      from new_rows n
      join old_rows o on o.id = n.id
      where o.mime is distinct from n.mime
        or o.size is distinct from n.size
        or o.width is distinct from n.width
        or o.height is distinct from n.height
        or o.duration_seconds is distinct from n.duration_seconds
        or o.thumb_key is distinct from n.thumb_key
        or o.preview_key is distinct from n.preview_key
        or o.derivatives is distinct from n.derivatives
        or o.updated_at is distinct from n.updated_at
      order by 1
      on conflict (brand_id) do update set n = search_generations.n + 1;
    return null;
  end
$$;

create trigger assets_card_generation_au after update on assets
  referencing old table as old_rows new table as new_rows
  for each statement execute function assets_card_generation();

-- One row per asset and category, with what a categories filter over the brand also checks: the
-- whole count is one index range per category.

create table asset_categories (
  asset_id integer not null references asset_search (asset_id) on delete cascade,
  brand_id integer not null,
  category varchar(255) not null,
  active integer not null,
  hidden integer not null,
  sort_date varchar(32) not null,
  primary key (asset_id, category)
);

create index asset_categories_brand on asset_categories (brand_id, category, active, sort_date, hidden, asset_id);

create function asset_categories_sync() returns trigger language plpgsql as $$
  begin
    if tg_op = 'INSERT' then
      insert into asset_categories
        select new_rows.asset_id, new_rows.brand_id, c.value, new_rows.active, new_rows.hidden, new_rows.sort_date
        from new_rows
        cross join lateral jsonb_array_elements_text(new_rows.categories::jsonb) c(value)
        on conflict do nothing;
    else
      delete from asset_categories a using old_rows o
        join new_rows n on n.asset_id = o.asset_id
        where a.asset_id = o.asset_id and (n.categories, n.brand_id, n.active, n.hidden, n.sort_date)
          is distinct from (o.categories, o.brand_id, o.active, o.hidden, o.sort_date);
      insert into asset_categories
        select r.asset_id, r.brand_id, c.value, r.active, r.hidden, r.sort_date
        from new_rows r
        join old_rows o on o.asset_id = r.asset_id
        cross join lateral jsonb_array_elements_text(r.categories::jsonb) c(value)
        where (r.categories, r.brand_id, r.active, r.hidden, r.sort_date) is distinct from (o.categories, o.brand_id, o.active, o.hidden, o.sort_date)
        on conflict do nothing;
    end if;
    return null;
  end
$$;

create trigger asset_categories_ai after insert on asset_search
  referencing new table as new_rows
  for each statement execute function asset_categories_sync();

create trigger asset_categories_au after update on asset_search
  referencing old table as old_rows new table as new_rows
  for each statement execute function asset_categories_sync();

-- Statistics as the migrations left them: analyzed while empty (0 rows, rather than never
-- analyzed), which the planner reads until autovacuum's first analyze.

analyze folders;

analyze asset_search;

analyze search_vocabulary;

analyze asset_words;

analyze asset_facets;

analyze asset_categories;
