-- Resources search with bounded work per query, and the last word matched as a prefix.
--
-- Before: every search ranked every match with `ts_rank`, which reads each match's whole search document
-- (its words with their positions: ~1 KB for a post of 6 KB) and sorts them all; a word found in 10,000
-- posts took ~25 ms in the database alone. Now:
--
-- * `blog_search_documents.document` holds each post's words without positions (`strip`), so the rows the
--   full-text index points at are narrow: counting 10,000 matches reads ~600 pages instead of ~1,700 and
--   ranks nothing. `title_words` says whether a match is in the title. The words with positions (and their
--   GIN index) move to `blog_search_positions`, read only for a search with word order (a "quoted phrase",
--   a hyphenated word), which is matched as written.
-- * The order is title matches first, then the newest (as before for a word in a title, without ranking
--   every match): one pass over the matches' narrow rows counts them (the page's "Load more" needs the
--   exact number), and the page's rows are read newest first, stopping at the page's end (see below).
-- * As one types into the search box, the last word also finds the words it begins ("hir" finds
--   "hiring"): the words hold both their English stems and the words as written (lower case), and the
--   last word, when it is a plain word (not negated, not in a phrase, not a stop word, two letters or
--   more), is matched as a prefix of the written words as well as by its stem. The prefix query is made
--   from the letters and digits of that word only, so nothing a visitor types becomes query syntax.
--
-- Runs unchanged on hosted Supabase and the embedded backend.

create or replace function public.blog_search_words(title text, content text) returns tsvector
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.strip(
    pg_catalog.to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(content, ''))
    || pg_catalog.to_tsvector('simple'::regconfig, coalesce(title, '') || ' ' || coalesce(content, ''))
  )
$$;

create table public.blog_search_positions (
  post_id uuid primary key references public.blogs (id) on delete cascade,
  document tsvector not null
);

comment on table public.blog_search_positions is
  'Each post''s search document with word positions (title A, body B), read for a search with word order; written by the blogs_write_search_document trigger only.';

alter table public.blog_search_positions enable row level security;
revoke all on public.blog_search_positions from anon, authenticated;
grant all on public.blog_search_positions to service_role;

insert into public.blog_search_positions (post_id, document)
select post_id, document from public.blog_search_documents;
create index blog_search_positions_document_idx on public.blog_search_positions using gin (document);

-- The words without positions replace the documents: the rows are written again (the index after them), so
-- the table holds no old row versions.
drop index public.blog_search_documents_document_idx;
truncate public.blog_search_documents;
alter table public.blog_search_documents add column title_words tsvector not null;
insert into public.blog_search_documents (post_id, document, title_words, status, publish_at, type, created_at)
select id, public.blog_search_words(title, content), public.blog_search_words(title, null), status, publish_at,
       type, created_at
  from public.blogs;
create index blog_search_documents_document_idx on public.blog_search_documents using gin (document);
create index blog_search_documents_newest_idx on public.blog_search_documents (created_at desc, post_id);

comment on table public.blog_search_documents is
  'The words of each post (English stems and the words as written, no positions; title_words: the title''s) and what the search filters by, written by the blogs_write_search_document trigger only.';

create or replace function public.blogs_write_search_document() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  same_text boolean := tg_op = 'UPDATE' and new.title is not distinct from old.title
                       and new.content is not distinct from old.content;
begin
  insert into public.blog_search_documents (post_id, document, title_words, status, publish_at, type, created_at)
  values (new.id, public.blog_search_words(new.title, new.content), public.blog_search_words(new.title, null),
          new.status, new.publish_at, new.type, new.created_at)
  on conflict (post_id) do update
    set document = case when same_text then public.blog_search_documents.document else excluded.document end,
        title_words = case when same_text then public.blog_search_documents.title_words
                           else excluded.title_words end,
        status = excluded.status, publish_at = excluded.publish_at, type = excluded.type,
        created_at = excluded.created_at;
  if not same_text then
    insert into public.blog_search_positions (post_id, document)
    values (new.id, public.blog_search_document(new.title, new.content))
    on conflict (post_id) do update set document = excluded.document;
  end if;
  return null;
end
$$;

revoke execute on function public.blogs_write_search_document() from public;

-- What a search looks for: `words`, matched against the words of each post (the full-text index), or, for
-- a search with word order ("quoted phrases", hyphenated words), `phrases`, matched against the words'
-- positions (their own full-text index); the other one is null. The syntax is a web search's
-- (`websearch_to_tsquery`: words, "quoted phrases", `or`, `-word`); the last word is also a prefix when it
-- is a plain word: not after `-` or `or`, not inside an open quote, not a stop word, at least two letters.
create or replace function public.resources_search_terms(search text, out words tsquery, out phrases tsquery)
language plpgsql
immutable
set search_path = ''
as $$
declare
  typed text := coalesce(search, '');
  last_word text := substring(typed from '([[:alnum:]]+)$');
  rest text;
  last_query tsquery;
begin
  words := pg_catalog.websearch_to_tsquery('english'::regconfig, typed);
  -- Word order matters where the query has a phrase operator (<-> or <n>): such a search is matched as
  -- written, against the positions.
  if words::text ~ '<(-|[0-9]+)>' then
    phrases := words;
    words := null;
    return;
  end if;
  if last_word is not null and pg_catalog.char_length(last_word) >= 2
     and (pg_catalog.length(typed) - pg_catalog.length(pg_catalog.replace(typed, '"', ''))) % 2 = 0 then
    rest := pg_catalog.left(typed, pg_catalog.length(typed) - pg_catalog.length(last_word));
    last_query := pg_catalog.websearch_to_tsquery('english'::regconfig, last_word);
    if rest !~ '-$' and rest !~* '(^|[^[:alnum:]])or[^[:alnum:]]*$'
       and pg_catalog.numnode(last_query) > 0 then
      -- last_word is letters and digits only, so this text is one word followed by the prefix mark.
      words := pg_catalog.websearch_to_tsquery('english'::regconfig, rest) operator(pg_catalog.&&) (
        last_query operator(pg_catalog.||) pg_catalog.to_tsquery('simple'::regconfig, last_word || ':*')
      );
    end if;
  end if;
end
$$;

grant execute on function public.resources_search_terms(text) to anon, authenticated, service_role;

-- One page of the public posts matching `search` (and `post_type` when given): matches in the title
-- first, then the newest, with list columns only and the number of all matches in `total` (on every row).
-- Public means what the `published_blogs` view and the posts' select policy say: published, or scheduled
-- and due. A search without any word (only punctuation or stop words such as "the") matches nothing.
--
-- The work is bounded by construction: one pass over the matches' narrow rows counts them (the exact
-- total, and how many are in a title); then each part of the page (title matches, then the others) is
-- read newest first, either by walking the `(created_at desc, post_id)` index and stopping at the page's
-- end (when a part holds a tenth of the posts or more, so the walk passes about ten rows per row kept) or
-- from the full-text index with a top-N sort of that part's matches (when they are fewer). Every statement
-- is planned for the words searched (`force_custom_plan`), so the planner sees how common they are.
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
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
declare
  terms record;
  skip integer := greatest(coalesce(page_offset, 0), 0);
  size integer := least(greatest(coalesce(page_limit, 9), 1), 1000);
  match_count bigint;
  title_count bigint;
  post_count double precision;
  in_title boolean;
  part_count bigint;
  part_skip bigint;
  part_rows bigint;
  page_ids uuid[] := '{}';
begin
  select t.words, t.phrases into terms from public.resources_search_terms(search) t;

  select count(*), count(*) filter (where case when terms.phrases is null
                                               then d.title_words operator(pg_catalog.@@) terms.words
                                               else exists (select 1 from public.blog_search_positions x
                                                             where x.post_id = d.post_id
                                                               and pg_catalog.ts_filter(x.document, '{a}')
                                                                   operator(pg_catalog.@@) terms.phrases) end)
    into match_count, title_count
    from public.blog_search_documents d
   where (d.status = 'published' or (d.status = 'scheduled' and d.publish_at <= now()))
     and (post_type is null or d.type = post_type)
     and case when terms.phrases is null then d.document operator(pg_catalog.@@) terms.words
              else exists (select 1 from public.blog_search_positions x
                            where x.post_id = d.post_id and x.document operator(pg_catalog.@@) terms.phrases) end;
  if match_count = 0 then
    return;
  end if;
  select greatest(c.reltuples, match_count) into post_count
    from pg_catalog.pg_class c where c.oid = 'public.blog_search_documents'::regclass;

  foreach in_title in array array[true, false] loop
    part_count := case when in_title then title_count else match_count - title_count end;
    part_skip := case when in_title then skip else greatest(skip - title_count, 0) end;
    part_rows := least(size - pg_catalog.cardinality(page_ids), greatest(part_count - part_skip, 0));
    continue when part_rows <= 0;
    if part_count * 10 >= post_count then
      page_ids := page_ids || array(
        select d.post_id
          from public.blog_search_documents d
         where case when terms.phrases is null then d.document operator(pg_catalog.@@) terms.words
                     else exists (select 1 from public.blog_search_positions x
                                   where x.post_id = d.post_id
                                     and x.document operator(pg_catalog.@@) terms.phrases) end
           and case when terms.phrases is null then d.title_words operator(pg_catalog.@@) terms.words
                    else exists (select 1 from public.blog_search_positions x
                                  where x.post_id = d.post_id
                                    and pg_catalog.ts_filter(x.document, '{a}') operator(pg_catalog.@@) terms.phrases)
               end = in_title
           and (d.status = 'published' or (d.status = 'scheduled' and d.publish_at <= now()))
           and (post_type is null or d.type = post_type)
         order by d.created_at desc, d.post_id
        offset part_skip
         limit part_rows);
    else
      page_ids := page_ids || array(
        with part as materialized (
          select d.post_id, d.created_at
            from public.blog_search_documents d
           where case when terms.phrases is null then d.document operator(pg_catalog.@@) terms.words
                       else exists (select 1 from public.blog_search_positions x
                                     where x.post_id = d.post_id
                                       and x.document operator(pg_catalog.@@) terms.phrases) end
             and case when terms.phrases is null then d.title_words operator(pg_catalog.@@) terms.words
                      else exists (select 1 from public.blog_search_positions x
                                    where x.post_id = d.post_id
                                      and pg_catalog.ts_filter(x.document, '{a}') operator(pg_catalog.@@) terms.phrases)
                 end = in_title
             and (d.status = 'published' or (d.status = 'scheduled' and d.publish_at <= now()))
             and (post_type is null or d.type = post_type)
        )
        select part.post_id from part
         order by part.created_at desc, part.post_id
        offset part_skip
         limit part_rows);
    end if;
  end loop;

  return query
  select p.id, p.title, p.slug, p.type, p.excerpt, p.author, p.cover_image_url, p.tags, p.status,
         p.created_at, p.updated_at, p.version, p.publish_at, match_count
    from pg_catalog.unnest(page_ids) with ordinality as page (post_id, n)
    join public.published_blogs p on p.id = page.post_id
   order by page.n;
end
$$;

revoke execute on function public.search_published_posts(text, text, integer, integer) from public;
grant execute on function public.search_published_posts(text, text, integer, integer)
  to anon, authenticated, service_role;
