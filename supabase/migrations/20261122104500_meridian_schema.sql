-- Meridian's schema: blog posts, editors, leads and newsletter subscribers, with row-level security.
-- The single source of truth for both backends: `supabase db push` applies it to a hosted project
-- unchanged, and the embedded backend (server/local-supabase) runs it on start.

create extension if not exists pg_trgm with schema extensions;

-- Who may write: editors, a subset of auth.users. Public sign-up is off; editors are added by SQL or
-- `npm run editor` (local backend).
create table public.editors (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now()
);

-- Security definer so policies on other tables can ask without granting read access to editors;
-- an empty search_path keeps it from resolving names through the caller's path.
create or replace function public.is_editor() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.editors where user_id = auth.uid())
$$;

revoke execute on function public.is_editor() from public;
grant execute on function public.is_editor() to anon, authenticated, service_role;

create or replace function public.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at = now();
  return new;
end
$$;

-- blogs -------------------------------------------------------------------------------------------------

create table public.blogs (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(trim(title)) > 0),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  type text not null default 'blog' check (type in ('blog', 'case study', 'ebook')),
  excerpt text,
  content text,
  content_markdown text,
  author text not null,
  cover_image_url text,
  tags text[] not null default '{}',
  status text not null default 'published' check (status in ('draft', 'published')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Resources list (newest first) and the admin list in both directions.
create index blogs_created_at_idx on public.blogs (created_at desc);
create index blogs_status_created_at_idx on public.blogs (status, created_at desc);
-- Case-insensitive substring search (`ilike '%…%'`) on title and content, as the resources and admin searches do.
create index blogs_title_trgm_idx on public.blogs using gin (title extensions.gin_trgm_ops);
create index blogs_content_trgm_idx on public.blogs using gin (content extensions.gin_trgm_ops);

create trigger blogs_set_updated_at before update on public.blogs
for each row execute function public.set_updated_at();

alter table public.blogs enable row level security;

create policy "Published posts are public" on public.blogs
  for select to anon, authenticated
  using (status = 'published' or (select public.is_editor()));

create policy "Editors add posts" on public.blogs
  for insert to authenticated
  with check ((select public.is_editor()));

create policy "Editors change posts" on public.blogs
  for update to authenticated
  using ((select public.is_editor()))
  with check ((select public.is_editor()));

create policy "Editors delete posts" on public.blogs
  for delete to authenticated
  using ((select public.is_editor()));

-- editors -----------------------------------------------------------------------------------------------

alter table public.editors enable row level security;

create policy "Editors see editors" on public.editors
  for select to authenticated
  using ((select public.is_editor()));

-- leads: written only by the server with the service role (which bypasses RLS); read by editors ------------

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  phone text not null,
  requirement text not null,
  tech_stack text not null,
  idempotency_key text unique,
  created_at timestamptz not null default now(),
  confirmation_sent_at timestamptz,
  notification_sent_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  next_attempt_at timestamptz
);

-- The outbox scans for leads whose emails are still owed.
create index leads_pending_idx on public.leads (next_attempt_at)
  where confirmation_sent_at is null or notification_sent_at is null;
create index leads_created_at_idx on public.leads (created_at desc);

alter table public.leads enable row level security;

create policy "Editors read leads" on public.leads
  for select to authenticated
  using ((select public.is_editor()));

-- newsletter_subscribers: written by the server (service role); read by editors -----------------------------

create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email) and length(email) between 3 and 320),
  created_at timestamptz not null default now(),
  confirmation_sent_at timestamptz
);

-- One subscription per address whatever its case: store it lower-case before the unique check runs.
create or replace function public.normalize_subscriber_email() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.email = lower(trim(new.email));
  return new;
end
$$;

create trigger newsletter_subscribers_normalize_email before insert or update of email on public.newsletter_subscribers
for each row execute function public.normalize_subscriber_email();

alter table public.newsletter_subscribers enable row level security;

create policy "Editors read subscribers" on public.newsletter_subscribers
  for select to authenticated
  using ((select public.is_editor()));

-- Supabase's default table grants, stated so the schema does not depend on default privileges.
grant select, insert, update, delete on public.blogs, public.editors, public.leads, public.newsletter_subscribers
  to anon, authenticated, service_role;

-- storage: the public `images` bucket for blog covers ------------------------------------------------------

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('images', 'images', true, 10485760,
        array['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp', 'image/x-icon'])
on conflict (id) do nothing;

create policy "Images are public" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'images');

create policy "Editors upload images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'images' and (select public.is_editor()));

create policy "Editors change images" on storage.objects
  for update to authenticated
  using (bucket_id = 'images' and (select public.is_editor()))
  with check (bucket_id = 'images' and (select public.is_editor()));

create policy "Editors delete images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'images' and (select public.is_editor()));
