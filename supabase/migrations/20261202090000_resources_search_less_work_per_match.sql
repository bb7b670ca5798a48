-- Resources search: less work for each match of a common word.
--
-- A search counts its matches (the exact total) in one pass over their narrow rows; for a word in every
-- post that pass is most of the search's work, and two things in it were tested on every match that need
-- not be:
--
-- * Whether the post is public (published, or scheduled and due) was two text comparisons and a date.
--   `shown_from` now says from when a post is public (-infinity when published, its time when scheduled,
--   null for a draft), so the test is one comparison with `now()`. It is computed from the row by Postgres
--   (a generated column), so the trigger that writes the rows is unchanged.
-- * Whether the match is in the title was tested on every match, to know how many title matches come
--   before the others. Now the title matches are read first, newest first, until the page is full, and
--   their number is needed only when they run out on or before the page: it is then known from the page
--   itself (or, on a page past the last title match, counted once).
--
-- The order, the pages and the total are unchanged. What a match is (a word search against the words, or
-- a search with word order against the positions) is written once, and the statements run with `execute`,
-- so each is planned for the words searched (as `force_custom_plan` did). Only fixed text goes into a
-- statement; the search, the type and the paging are parameters. Runs unchanged on hosted Supabase and the
-- embedded backend.

alter table public.blog_search_documents
  add column shown_from timestamptz generated always as (
    case status when 'published' then '-infinity'::timestamptz when 'scheduled' then publish_at end
  ) stored;

create or replace function public.search_published_posts(
  search text,
  post_type text default null,
  page_offset integer default 0,
  page_limit integer default 9
)
returns table (id uuid, title text, slug text, type text, excerpt text, author text, cover_image_url text,
               tags text[], status text, created_at timestamptz, updated_at timestamptz, version bigint,
               publish_at timestamptz, total bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  -- $1 the query, $2 the type or null: the posts a visitor may see (the `published_blogs` view's rule).
  shown constant text := 'd.shown_from <= now() and ($2::text is null or d.type = $2)';
  terms record;
  wanted tsquery;
  matches text;
  in_title text;
  part text;
  skip integer := greatest(coalesce(page_offset, 0), 0);
  size integer := least(greatest(coalesce(page_limit, 9), 1), 1000);
  match_count bigint;
  title_count bigint;
  page_ids uuid[];
  others uuid[];
begin
  select t.words, t.phrases into terms from public.resources_search_terms(search) t;
  wanted := coalesce(terms.phrases, terms.words);
  if terms.phrases is null then
    matches := 'd.document operator(pg_catalog.@@) $1';
    in_title := 'd.title_words operator(pg_catalog.@@) $1';
  else
    matches := 'exists (select 1 from public.blog_search_positions x
                         where x.post_id = d.post_id and x.document operator(pg_catalog.@@) $1)';
    in_title := 'exists (select 1 from public.blog_search_positions x
                          where x.post_id = d.post_id
                            and pg_catalog.ts_filter(x.document, ''{a}'') operator(pg_catalog.@@) $1)';
  end if;

  execute format('select count(*) from public.blog_search_documents d where %s and %s', shown, matches)
    into match_count using wanted, post_type;
  if match_count <= skip then
    return;
  end if;

  -- One part of the matches ($3: the title matches, or the others), newest first, from row $4, at most $5
  -- rows. The matches of a common word (a tenth of the posts or more) are read by walking the
  -- `(created_at desc, post_id)` index and stopping at the page's end; a rarer word's from the full-text
  -- index, with a top-N sort.
  if match_count * 10 >= (select greatest(c.reltuples, match_count) from pg_catalog.pg_class c
                           where c.oid = 'public.blog_search_documents'::regclass) then
    part := format('select d.post_id from public.blog_search_documents d where %s and %s and (%s) = $3
                     order by d.created_at desc, d.post_id offset $4 limit $5', shown, matches, in_title);
  else
    part := format('with part as materialized (
                      select d.post_id, d.created_at from public.blog_search_documents d
                       where %s and %s and (%s) = $3)
                    select part.post_id from part order by part.created_at desc, part.post_id
                    offset $4 limit $5', shown, matches, in_title);
  end if;

  execute format('select array(%s)', part) into page_ids using wanted, post_type, true, skip, size;
  if pg_catalog.cardinality(page_ids) < size then
    -- The title matches end on this page (so they number `skip` plus those on it), or before it.
    title_count := skip + pg_catalog.cardinality(page_ids);
    if pg_catalog.cardinality(page_ids) = 0 and skip > 0 then
      execute format('select count(*) from public.blog_search_documents d where %s and %s and %s',
                     shown, matches, in_title)
        into title_count using wanted, post_type;
    end if;
    execute format('select array(%s)', part) into others
      using wanted, post_type, false, greatest(skip - title_count, 0), size - pg_catalog.cardinality(page_ids);
    page_ids := page_ids || others;
  end if;

  -- The page's posts with their list columns, in the page's order.
  return query
  select p.id, p.title, p.slug, p.type, p.excerpt, p.author, p.cover_image_url, p.tags, p.status,
         p.created_at, p.updated_at, p.version, p.publish_at, match_count
    from public.published_blogs p
   where p.id = any (page_ids)
   order by pg_catalog.array_position(page_ids, p.id);
end
$$;
