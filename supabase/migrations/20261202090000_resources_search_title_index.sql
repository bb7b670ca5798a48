-- Resources search: titles through their own full-text index, and the exact count without a title test.
--
-- Before: the one pass that counted the matches also tested every match's title (to know where the title
-- matches end), and the page was then read by a second pass over the matches of its part. For a word in
-- 2,000 of 10,000 posts that was two passes over 2,000 rows; the title test alone was a quarter of the
-- count. Now:
--
-- * `title_words` has its own GIN index, so the page's title matches (the first part of every result) are
--   found from the index, newest first, and the planner (every statement is planned for the words
--   searched) walks the date index instead when the word is in most titles.
-- * The count tests no title. How many title matches there are is needed only when the title matches end
--   on this page or before it: when the title part returned rows (or the page is the first), that number
--   is known from the rows themselves; only a later page past every title match counts them, through the
--   title index.
-- * The other part (matches in the body only) is read only when the title matches do not fill the page,
--   as before: from the date index when it holds a tenth of the posts or more, else with a top-N sort of
--   its matches.
--
-- The results, their order and `total` are the same as before. Runs unchanged on hosted Supabase and the
-- embedded backend.

create index blog_search_documents_title_idx on public.blog_search_documents using gin (title_words);

-- One page of the public posts matching `search` (and `post_type` when given): matches in the title first,
-- then the others, each part the newest first, with list columns only and the number of all matches in
-- `total` (on every row). Public means what the `published_blogs` view and the posts' select policy say:
-- published, or scheduled and due. A search without any word (only punctuation or stop words) matches
-- nothing.
--
-- Each statement is put together from the conditions below (constant text; every value is a parameter)
-- and planned for the words searched (`execute`), so the planner sees how common they are.
create or replace function public.search_published_posts(search text, post_type text default null,
                                                          page_offset integer default 0, page_limit integer default 9)
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
  terms record;
  skip integer := greatest(coalesce(page_offset, 0), 0);
  size integer := least(greatest(coalesce(page_limit, 9), 1), 1000);
  -- The parameters: $1 the words, $2 the phrases (a search with word order, matched against the words'
  -- positions, the title's being weight A), $3 the type, $4 and $5 a part's offset and row count.
  found text := 'select d.post_id, d.created_at from public.blog_search_documents d
    where (d.status = ''published'' or (d.status = ''scheduled'' and d.publish_at <= now()))
      and ($3::text is null or d.type = $3::text) and ';
  in_title text := 'd.title_words operator(pg_catalog.@@) $1';
  newest constant text := 'order by m.created_at desc, m.post_id offset $4 limit $5';
  match_count bigint;
  title_count bigint;
  post_count double precision;
  page_ids uuid[];
  other_ids uuid[];
begin
  select t.words, t.phrases into terms from public.resources_search_terms(search) t;
  if terms.phrases is null then
    found := found || 'd.document operator(pg_catalog.@@) $1';
  else
    found := found || 'exists (select 1 from public.blog_search_positions x
      where x.post_id = d.post_id and x.document operator(pg_catalog.@@) $2)';
    in_title := 'exists (select 1 from public.blog_search_positions x
      where x.post_id = d.post_id and pg_catalog.ts_filter(x.document, ''{a}'') operator(pg_catalog.@@) $2)';
  end if;

  execute format('select count(*) from (%s) m', found)
    into match_count using terms.words, terms.phrases, post_type;
  if match_count = 0 then
    return;
  end if;

  -- The page's title matches: through the title index, or walking the date index when most titles match.
  execute format('select array(select m.post_id from (%s and %s) m %s)', found, in_title, newest)
    into page_ids using terms.words, terms.phrases, post_type, skip, size;

  -- The title matches end on this page or before it: the others follow, newest first.
  if pg_catalog.cardinality(page_ids) < size then
    if pg_catalog.cardinality(page_ids) > 0 or skip = 0 then
      title_count := skip + pg_catalog.cardinality(page_ids);
    else
      execute format('select count(*) from (%s and %s) m', found, in_title)
        into title_count using terms.words, terms.phrases, post_type;
    end if;
    -- A part with a tenth of the posts or more is read walking the date index (about ten rows passed per
    -- row kept); a smaller one from the full-text index with a top-N sort of all its matches.
    select greatest(c.reltuples, match_count) into post_count
      from pg_catalog.pg_class c where c.oid = 'public.blog_search_documents'::regclass;
    execute format(case when (match_count - title_count) * 10 >= post_count
                        then 'select array(select m.post_id from (%s and not %s) m %s)'
                        else 'select array(with m as materialized (%s and not %s) select m.post_id from m %s)' end,
                   found, in_title, newest)
      into other_ids using terms.words, terms.phrases, post_type, greatest(skip - title_count, 0),
                           size - pg_catalog.cardinality(page_ids);
    page_ids := page_ids || other_ids;
  end if;

  return query
  select p.id, p.title, p.slug, p.type, p.excerpt, p.author, p.cover_image_url, p.tags, p.status,
         p.created_at, p.updated_at, p.version, p.publish_at, match_count
    from pg_catalog.unnest(page_ids) with ordinality as page (post_id, n)
    join public.published_blogs p on p.id = page.post_id
   order by page.n;
end
$$;
