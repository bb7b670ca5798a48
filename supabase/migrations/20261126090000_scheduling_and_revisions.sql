-- Scheduled posts and the revision history of every post.
--
-- Scheduling: a post may be `scheduled` with a `publish_at` time. It becomes public at that time by the read
-- rule itself (the select policy on `blogs` and the `published_blogs` view both say "published, or scheduled
-- and due"), so no job has to run on time and every reader (resources, post pages, feed, sitemap, images)
-- follows the same clock: the database's.
--
-- Revisions: every insert and update of a post is copied into `blog_revisions` by a trigger (who, when, the
-- version and every editable field), so a save from the browser admin, a desktop sync or SQL is kept without
-- any client code. The last 100 per post are kept. Editors read them; nobody writes them directly.

-- scheduling ----------------------------------------------------------------------------------------------

alter table public.blogs add column publish_at timestamptz;

alter table public.blogs drop constraint blogs_status_check;
alter table public.blogs
  add constraint blogs_status_check check (status in ('draft', 'published', 'scheduled'));
alter table public.blogs
  add constraint blogs_scheduled_publish_at_check check (status <> 'scheduled' or publish_at is not null);

-- The public rule and the admin's status filter read (status, publish_at); the list pages by created_at.
create index blogs_status_publish_at_idx on public.blogs (status, publish_at);

drop policy "Published posts are public" on public.blogs;

create policy "Published posts are public" on public.blogs
  for select to anon, authenticated
  using (
    status = 'published'
    or (status = 'scheduled' and publish_at <= now())
    or (select public.is_editor())
  );

-- Same rows as the policy above lets anyone read (see 20261122120000_published_blogs_view.sql for why a view).
create or replace view public.published_blogs
with (security_invoker = false, security_barrier = false)
as
select id, title, slug, type, excerpt, content, author, cover_image_url, tags, status, created_at, updated_at,
       version, publish_at
  from public.blogs
 where status = 'published'
    or (status = 'scheduled' and publish_at <= now());

comment on view public.published_blogs is
  'Public posts only: published, or scheduled with publish_at <= now() (the public select policy on blogs).';

-- revisions -----------------------------------------------------------------------------------------------

create table public.blog_revisions (
  id bigint generated always as identity primary key,
  post_id uuid not null references public.blogs (id) on delete cascade,
  version bigint not null,
  saved_at timestamptz not null default now(),
  -- Who saved: the signed-in user (null for the server's own writes and SQL) and their email from the JWT.
  saved_by uuid,
  saved_by_email text,
  title text not null,
  slug text not null,
  type text not null,
  excerpt text,
  content text,
  content_markdown text,
  author text not null,
  cover_image_url text,
  tags text[] not null default '{}',
  status text not null,
  publish_at timestamptz,
  unique (post_id, version)
);

comment on table public.blog_revisions is
  'Every saved version of a post (the last 100 per post), written by the blogs_write_revision trigger only.';

alter table public.blog_revisions enable row level security;

create policy "Editors read revisions" on public.blog_revisions
  for select to authenticated
  using ((select public.is_editor()));

revoke all on public.blog_revisions from anon, authenticated;
grant select on public.blog_revisions to authenticated;
grant all on public.blog_revisions to service_role;

-- Security definer: editors write posts but never revisions themselves. The trim keeps the last 100 versions
-- of the post (versions only grow, so it is one range delete on the unique index).
create or replace function public.blogs_write_revision() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.blog_revisions (
    post_id, version, saved_at, saved_by, saved_by_email, title, slug, type, excerpt, content,
    content_markdown, author, cover_image_url, tags, status, publish_at
  ) values (
    new.id, new.version, now(), auth.uid(), nullif(auth.jwt() ->> 'email', ''), new.title, new.slug, new.type,
    new.excerpt, new.content, new.content_markdown, new.author, new.cover_image_url, new.tags, new.status,
    new.publish_at
  )
  on conflict (post_id, version) do nothing;
  delete from public.blog_revisions where post_id = new.id and version <= new.version - 100;
  return null;
end
$$;

revoke execute on function public.blogs_write_revision() from public;

create trigger blogs_write_revision after insert or update on public.blogs
for each row execute function public.blogs_write_revision();

-- The posts that exist already start their history with the version they are at.
insert into public.blog_revisions (
  post_id, version, saved_at, title, slug, type, excerpt, content, content_markdown, author, cover_image_url,
  tags, status, publish_at
)
select id, version, updated_at, title, slug, type, excerpt, content, content_markdown, author, cover_image_url,
       tags, status, publish_at
  from public.blogs;
