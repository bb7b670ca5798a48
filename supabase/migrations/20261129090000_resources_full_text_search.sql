-- Resources search through a full-text index, and a cheap stamp of what the public pages show.
--
-- Search: the resources list searched titles and bodies with `ilike '%word%'`, which reads every candidate
-- body through the trigram index and rechecks it (≈ 0.2–1.3 s for a common word among 10,000 posts, worse
-- the more posts match). Each post now has a search document (title weighted above the body; the body is
-- HTML, whose tags the default parser skips) in `blog_search_documents`, kept by a trigger, with a GIN
-- index; `search_published_posts` matches it with `websearch_to_tsquery` (words, "quoted phrases", `or`,
-- `-word`, English stemming: "hiring" finds "hire" and "hired") and ranks the matches with `ts_rank`, the
-- newest first among equals. The documents live in their own table so `select *` on posts (the admin, the
-- desktop sync) carries no extra column. Runs unchanged on hosted Supabase and the embedded backend.
--
-- Stamp: `published_posts_stamp()` digests which posts are public and at which version. Any change a
-- visitor could see (an edit, a publish, an unpublish, a delete, a scheduled post coming due) changes it, so
-- a server keeps rendered pages keyed by it and asks only this, about once a second, instead of rendering
-- every request.

create table public.blog_search_documents (
  post_id uuid primary key references public.blogs (id) on delete cascade,
  document tsvector not null,
  -- Copies of what the search filters and orders by, so counting and ranking every match reads this table
  -- alone; only the page's few rows are read from the posts.
  status text not null,
  publish_at timestamptz,
  type text,
  created_at timestamptz not null
);

comment on table public.blog_search_documents is
  'The full-text search document of each post (title A, body B) and what the search filters by, written by the blogs_write_search_document trigger only.';

create index blog_search_documents_document_idx on public.blog_search_documents using gin (document);

-- Nobody reads or writes it directly: the search function below reads it with its owner's rights.
alter table public.blog_search_documents enable row level security;
revoke all on public.blog_search_documents from anon, authenticated;
grant all on public.blog_search_documents to service_role;

create or replace function public.blog_search_document(title text, content text) returns tsvector
language sql
immutable
set search_path = ''
as $$
  select setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('english'::regconfig, coalesce(content, '')), 'B')
$$;

create or replace function public.blogs_write_search_document() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.blog_search_documents (post_id, document, status, publish_at, type, created_at)
  values (new.id, public.blog_search_document(new.title, new.content), new.status, new.publish_at, new.type,
          new.created_at)
  on conflict (post_id) do update
    set document = case
          when tg_op = 'UPDATE' and new.title is not distinct from old.title
           and new.content is not distinct from old.content then public.blog_search_documents.document
          else excluded.document
        end,
        status = excluded.status, publish_at = excluded.publish_at, type = excluded.type,
        created_at = excluded.created_at;
  return null;
end
$$;

revoke execute on function public.blogs_write_search_document() from public;

create trigger blogs_write_search_document after insert or update on public.blogs
for each row execute function public.blogs_write_search_document();

insert into public.blog_search_documents (post_id, document, status, publish_at, type, created_at)
select id, public.blog_search_document(title, content), status, publish_at, type, created_at from public.blogs;

-- The content trigram index served only the substring search; the admin's search (title, slug, author)
-- keeps the title one.
drop index if exists public.blogs_content_trgm_idx;

-- One page of the public posts matching `search` (and `post_type` when given), best match first, then the
-- newest, with list columns only and the number of all matches in `total` (on every row). Public means what
-- the `published_blogs` view and the posts' select policy say: published, or scheduled and due. A search
-- without any word (only punctuation or stop words such as "the") matches nothing.
create or replace function public.search_published_posts(
  search text,
  post_type text default null,
  page_offset integer default 0,
  page_limit integer default 9
)
returns table (
  id uuid,
  title text,
  slug text,
  type text,
  excerpt text,
  author text,
  cover_image_url text,
  tags text[],
  status text,
  created_at timestamptz,
  updated_at timestamptz,
  version bigint,
  publish_at timestamptz,
  total bigint
)
language sql
stable
security definer
set search_path = ''
as $$
  with query as (
    select websearch_to_tsquery('english'::regconfig, coalesce(search, '')) as q
  ),
  matches as materialized (
    select d.post_id, d.created_at, pg_catalog.ts_rank(d.document, query.q) as rank
      from query
      join public.blog_search_documents d on d.document operator(pg_catalog.@@) query.q
     where (d.status = 'published' or (d.status = 'scheduled' and d.publish_at <= now()))
       and (post_type is null or d.type = post_type)
  ),
  page as (
    select m.post_id, m.rank, m.created_at
      from matches m
     order by m.rank desc, m.created_at desc, m.post_id
    offset greatest(coalesce(page_offset, 0), 0)
     limit least(greatest(coalesce(page_limit, 9), 1), 1000)
  )
  select p.id, p.title, p.slug, p.type, p.excerpt, p.author, p.cover_image_url, p.tags, p.status,
         p.created_at, p.updated_at, p.version, p.publish_at, (select count(*) from matches) as total
    from page
    join public.published_blogs p on p.id = page.post_id
   order by page.rank desc, page.created_at desc, page.post_id
$$;

revoke execute on function public.search_published_posts(text, text, integer, integer) from public;
grant execute on function public.search_published_posts(text, text, integer, integer)
  to anon, authenticated, service_role;

-- What the public pages show, as one short text: how many posts are public and a digest of their ids and
-- versions (every write bumps a post's version). Changes with every edit, publish, unpublish or delete of a
-- public post and when a scheduled post comes due, since each changes the set or a version in it.
create or replace function public.published_posts_stamp() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select count(*)::text || '.' || coalesce(sum(pg_catalog.hashtext(id::text || ':' || version::text)), 0)::text
    from public.published_blogs
$$;

revoke execute on function public.published_posts_stamp() from public;
grant execute on function public.published_posts_stamp() to anon, authenticated, service_role;
