-- Every write to a post is conditional, and every reader can follow every change.
--
-- `version` is bumped by the database on every update (clients cannot set it): an editor's update or
-- delete names the id and the version the edit started from (`… where id = $1 and version = $2`), so a
-- write that lost a race affects no row and becomes a visible conflict instead of a silent overwrite.
-- `updated_at` is the server's clock on insert as well as update, never a client's: sync cursors order
-- changes by (updated_at, id). Deletes leave a tombstone (id and time) so a client that was offline learns
-- about them without listing every id.

alter table public.blogs add column version bigint not null default 1;

drop trigger blogs_set_updated_at on public.blogs;

create or replace function public.blogs_stamp_version() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
  else
    new.version := old.version + 1;
    new.created_at := old.created_at;
  end if;
  new.updated_at := now();
  return new;
end
$$;

create trigger blogs_stamp_version before insert or update on public.blogs
for each row execute function public.blogs_stamp_version();

-- Sync pulls: keyset pages on (updated_at, id).
create index blogs_updated_at_id_idx on public.blogs (updated_at, id);

create table public.blog_tombstones (
  id uuid primary key,
  deleted_at timestamptz not null default now()
);

create index blog_tombstones_deleted_at_id_idx on public.blog_tombstones (deleted_at, id);

alter table public.blog_tombstones enable row level security;

-- Only ids and times: what a reader needs to drop a cached copy, nothing of the post itself.
create policy "Deleted post ids are readable" on public.blog_tombstones
  for select to anon, authenticated
  using (true);

revoke all on public.blog_tombstones from anon, authenticated;
grant select on public.blog_tombstones to anon, authenticated;
grant all on public.blog_tombstones to service_role;

-- Security definer: editors delete posts but may not write tombstones themselves.
create or replace function public.blogs_write_tombstone() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.blog_tombstones (id, deleted_at) values (old.id, now())
  on conflict (id) do update set deleted_at = excluded.deleted_at;
  return old;
end
$$;

revoke execute on function public.blogs_write_tombstone() from public;

create trigger blogs_write_tombstone after delete on public.blogs
for each row execute function public.blogs_write_tombstone();

-- A post created again with an id that was deleted (an editor's "keep mine" after a delete elsewhere) is
-- live: its tombstone goes.
create or replace function public.blogs_clear_tombstone() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.blog_tombstones where id = new.id;
  return new;
end
$$;

revoke execute on function public.blogs_clear_tombstone() from public;

create trigger blogs_clear_tombstone after insert on public.blogs
for each row execute function public.blogs_clear_tombstone();

-- The public list view shows the version too (list items carry it to the admin).
create or replace view public.published_blogs
with (security_invoker = false, security_barrier = false)
as
select id, title, slug, type, excerpt, content, author, cover_image_url, tags, status, created_at, updated_at,
       version
  from public.blogs
 where status = 'published';
