-- A contributor works on their own drafts and reads what the public reads; other people's drafts and
-- scheduled posts stay with editors and administrators (as in Ghost, where contributors see only their own
-- posts). Revisions follow the post: whoever may read a post may read its history, nobody else.

drop policy "Published posts are public" on public.blogs;

create policy "Published posts are public" on public.blogs
  for select to anon, authenticated
  using (
    status = 'published'
    or (status = 'scheduled' and publish_at <= now())
    or (select public.can_publish())
    or (author_id = (select auth.uid()) and (select public.is_editor()))
  );

drop policy "Editors read revisions" on public.blog_revisions;

-- The subquery on blogs runs under the caller's own policies, so a revision is readable exactly when its
-- post is (blog_revisions.post_id is covered by the (post_id, version) unique index).
create policy "Editors read revisions" on public.blog_revisions
  for select to authenticated
  using (
    (select public.is_editor())
    and exists (select 1 from public.blogs b where b.id = blog_revisions.post_id)
  );
