-- The public resources list and its search read published posts through this view.
--
-- Why a view: under row-level security Postgres evaluates a caller's filter only after the policy, and it
-- may use an index for that filter only when the operator is leakproof. `ilike` (texticlike) is not, so
-- `select … from blogs where title ilike '%x%'` as anon always scans every row, and the trigram indexes on
-- title and content are never used (≈ 0.5–1 s per search with 10,000 posts). The view runs with its
-- owner's rights (security_invoker off), so the table's policies do not wrap the caller's filter; its own
-- `where status = 'published'` is exactly what the "Published posts are public" policy lets anyone read,
-- so it shows nothing the table would not. Drafts never appear here, for editors either: the admin list
-- keeps reading `public.blogs`.
create view public.published_blogs
with (security_invoker = false, security_barrier = false)
as
select id, title, slug, type, excerpt, content, author, cover_image_url, tags, status, created_at, updated_at
  from public.blogs
 where status = 'published';

comment on view public.published_blogs is
  'Published posts only (same rows as the public select policy on blogs); lets searches use the trigram indexes.';

-- Read-only: nothing writes through it.
revoke all on public.published_blogs from anon, authenticated, service_role;
grant select on public.published_blogs to anon, authenticated, service_role;
