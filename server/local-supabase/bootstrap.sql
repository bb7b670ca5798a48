-- What a hosted Supabase project already has before our migrations run: the API roles, the auth and
-- storage schemas with the tables and helpers policies use, and Supabase's default grants.
-- Runs on every start of the embedded backend, so every statement is idempotent.
-- Only the columns this product (and supabase-js) touch are modelled; names and types follow Supabase's.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then create role authenticator noinherit login; end if;
  if not exists (select 1 from pg_roles where rolname = 'supabase_storage_admin') then create role supabase_storage_admin nologin noinherit; end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists supabase_migrations;

create extension if not exists pgcrypto with schema extensions;

grant usage on schema public, extensions to anon, authenticated, service_role;
grant usage on schema auth, storage to anon, authenticated, service_role;

-- Supabase's defaults: the API roles get table privileges and row-level security decides.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;

-- Which version of this file the database has (the embedded backend skips it when unchanged).
create table if not exists supabase_migrations.bootstrap_state (
  id int primary key default 1 check (id = 1),
  hash text not null,
  applied_at timestamptz not null default now()
);

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);

-- auth ------------------------------------------------------------------------------------------------

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) default 'authenticated',
  role varchar(255) default 'authenticated',
  email varchar(255) unique,
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  confirmed_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_super_admin boolean,
  phone text unique,
  banned_until timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  not_after timestamptz,
  aal text not null default 'aal1',
  user_agent text,
  ip text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

-- When the last invite and reset links were sent (GoTrue's user columns of the same names).
alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists recovery_sent_at timestamptz;

-- Links mailed for an invite or a password reset. Only a sha256 of each token is stored (the token itself is
-- only in the mail); a link works once (its row is deleted when used) and expires (created_at + the type's
-- lifetime, checked on use).
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('invite', 'recovery')),
  token_hash text not null unique,
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists one_time_tokens_user_id_token_type_idx on auth.one_time_tokens (user_id, token_type);

-- Links the admin API generates too (GoTrue's generate_link): sign-up confirmations, magic links and email
-- changes (and the codes /reauthenticate mails); a pending email change waits in `email_change` until its
-- link is used.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('invite', 'recovery', 'signup', 'magiclink', 'email_change', 'reauthentication'));
alter table auth.users add column if not exists email_change varchar(255);
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists confirmation_sent_at timestamptz;

-- The claims PostgREST puts into `request.jwt.claims`. PGlite returns '' (not null) for a setting cleared
-- at transaction end, hence nullif.
create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;

-- One claim of the caller's token, as hosted Supabase's auth.uid(), auth.role() and auth.email() read it:
-- the older per-claim setting `request.jwt.claim.<name>` first, else the field of `request.jwt.claims`.
create or replace function auth.claim(name text) returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.' || name, true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> name
  )
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$ select auth.claim('sub')::uuid $$;

create or replace function auth.role() returns text
language sql stable
as $$ select auth.claim('role') $$;

create or replace function auth.email() returns text
language sql stable
as $$ select auth.claim('email') $$;

grant execute on function auth.jwt(), auth.claim(text), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

-- storage ---------------------------------------------------------------------------------------------

create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_accessed_at timestamptz not null default now()
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- Supabase exposes bucket metadata to every caller; object access is left to each project's policies.
do $$
begin
  if not exists (select 1 from pg_policies where schemaname = 'storage' and tablename = 'buckets' and policyname = 'Buckets are readable') then
    create policy "Buckets are readable" on storage.buckets for select to anon, authenticated using (true);
  end if;
end
$$;

-- As on hosted Supabase, the API roles hold every privilege on buckets and row-level security decides:
-- without a policy of the project's, only the service role creates, changes or deletes a bucket.
grant all on storage.buckets to anon, authenticated, service_role;
grant all on storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select case when storage.filename(name) like '%.%' then reverse(split_part(reverse(storage.filename(name)), '.', 1)) else '' end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;
