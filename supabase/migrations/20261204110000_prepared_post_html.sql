-- Post pages that cost one database round trip, with their bodies sanitised when a post is saved.
--
-- A post page shows the post, the posts to read after it and the site's layout. Its first render used to
-- make four reads (the post, then three lists of candidates for "Read next") and sanitise the body (a DOM
-- parse, the costliest step) on every first render. Now:
--
-- * `blog_prepared_html` keeps each public or scheduled post's body as the server's sanitiser left it, with
--   the post version it was made from and the sanitiser's version (a digest of its rules). The server writes
--   it when a post is saved (and at startup for posts it has not prepared yet, or prepared under other
--   rules); nobody else can: visitors and editors have no rights on the table, and the server's function
--   below stores a body only for the version the post still has. A body of another post version or another
--   sanitiser version is never shown: the page sanitises the post then, as before, and stores the result.
-- * `public_post_page(slug, sanitizer)` answers in one call what the page needs: the public post (the
--   `published_blogs` view: published, or scheduled and due), its prepared body when it was prepared for
--   this very version by this sanitiser, and the candidates for "Read next" (the server ranks them).
--
-- Plain SQL: runs on hosted Supabase (PostgreSQL 15) and the embedded backend.

create table public.blog_prepared_html (
  post_id uuid primary key references public.blogs (id) on delete cascade,
  post_version bigint not null,
  sanitizer_version text not null,
  html text not null,
  prepared_at timestamptz not null default now()
);

comment on table public.blog_prepared_html is
  'Each post''s body as the server''s sanitiser left it (for post_version, under sanitizer_version); written by the server through store_prepared_post_html only.';

alter table public.blog_prepared_html enable row level security;
revoke all on public.blog_prepared_html from anon, authenticated;
grant all on public.blog_prepared_html to service_role;

-- What a post page shows, in one call (null: no public post has this slug). `post` has the view's columns;
-- `prepared_html` is null unless the body was prepared for the post's current version under `sanitizer`;
-- the candidates for "Read next" are list rows (no bodies): sharing a tag (12 newest), of the same type
-- (`related_limit` newest) and the newest others (`related_limit + related_minimum`).
create or replace function public.public_post_page(
  post_slug text,
  sanitizer text,
  related_limit integer default 3,
  related_minimum integer default 2
) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select pg_catalog.jsonb_build_object(
    'post', pg_catalog.to_jsonb(post),
    'prepared_html', (
      select h.html from public.blog_prepared_html h
       where h.post_id = post.id and h.post_version = post.version and h.sanitizer_version = sanitizer
    ),
    -- Each list reads the newest public posts in order (blogs_created_at_idx) and stops at its limit; only
    -- the rows kept become JSON.
    'by_tag', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(c) - 'content' order by c.created_at desc, c.id), '[]')
        from (select * from public.published_blogs c
               where c.slug <> post.slug and c.tags && post.tags
               order by c.created_at desc, c.id limit 12) c
    ),
    'by_type', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(c) - 'content' order by c.created_at desc, c.id), '[]')
        from (select * from public.published_blogs c
               where c.slug <> post.slug and c.type = coalesce(post.type, 'blog')
               order by c.created_at desc, c.id limit related_limit) c
    ),
    'newest', (
      select coalesce(pg_catalog.jsonb_agg(pg_catalog.to_jsonb(c) - 'content' order by c.created_at desc, c.id), '[]')
        from (select * from public.published_blogs c
               where c.slug <> post.slug
               order by c.created_at desc, c.id limit related_limit + related_minimum) c
    )
  )
  from public.published_blogs post
  where post.slug = post_slug
$$;

revoke execute on function public.public_post_page(text, text, integer, integer) from public;
grant execute on function public.public_post_page(text, text, integer, integer) to anon, authenticated, service_role;

-- Posts whose body the server has not prepared for their current version under `sanitizer` (public and
-- scheduled posts only: drafts are not shown to visitors), at most `batch_size`, oldest change first.
create or replace function public.posts_awaiting_preparation(sanitizer text, batch_size integer)
returns table (id uuid, version bigint, content text)
language sql
stable
security definer
set search_path = ''
as $$
  select b.id, b.version, b.content
    from public.blogs b
    left join public.blog_prepared_html h on h.post_id = b.id
   where b.status in ('published', 'scheduled')
     and (h.post_id is null or h.post_version <> b.version
          or h.sanitizer_version <> sanitizer)
   order by b.updated_at, b.id
   limit batch_size
$$;

revoke execute on function public.posts_awaiting_preparation(text, integer) from public, anon, authenticated;
grant execute on function public.posts_awaiting_preparation(text, integer) to service_role;

-- Stores prepared bodies (`items`: [{post_id, post_version, sanitizer_version, html}]) in one transaction,
-- each only while its post still has that version (a body prepared from an older version is dropped).
-- Returns how many were stored.
create or replace function public.store_prepared_post_html(items jsonb)
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with stored as (
    insert into public.blog_prepared_html (post_id, post_version, sanitizer_version, html)
    select i.post_id, i.post_version, i.sanitizer_version, i.html
      from pg_catalog.jsonb_to_recordset(items)
             as i(post_id uuid, post_version bigint, sanitizer_version text, html text)
      join public.blogs b on b.id = i.post_id and b.version = i.post_version
    on conflict (post_id) do update
      set post_version = excluded.post_version, sanitizer_version = excluded.sanitizer_version,
          html = excluded.html, prepared_at = pg_catalog.now()
    returning 1
  )
  select count(*)::integer from stored
$$;

revoke execute on function public.store_prepared_post_html(jsonb) from public, anon, authenticated;
grant execute on function public.store_prepared_post_html(jsonb) to service_role;
