-- Roles: every editor is an administrator, an editor or a contributor, and row-level security decides what
-- each may do, whatever a client shows.
--
--   admin        people (invite, change roles, remove), settings, and everything an editor may do
--   editor       write and publish every post, delete posts and images, read leads and subscribers
--   contributor  create posts and edit their own while they are drafts; cannot publish, schedule or delete;
--                an editor publishes for them
--
-- Everyone listed in `editors` stays `is_editor()` (they may sign in to the admin, read every post and upload
-- images); the write rules below ask for the role.

alter table public.editors
  add column role text not null default 'editor' check (role in ('admin', 'editor', 'contributor'));

-- The people who could do everything until now keep doing so.
update public.editors set role = 'admin';

comment on column public.editors.role is
  'admin: people and everything; editor: every post, publish, delete; contributor: own drafts only.';

-- The first person added (by `npm run editor`, EDITOR_EMAIL or SQL) is an administrator, so a new project
-- always has someone who can invite the others.
create or replace function public.editors_first_is_admin() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.editors where role = 'admin') then
    new.role := 'admin';
  end if;
  return new;
end
$$;

revoke execute on function public.editors_first_is_admin() from public;

create trigger editors_first_is_admin before insert on public.editors
for each row execute function public.editors_first_is_admin();

-- Nobody can demote the last administrator: the project would have nobody left to manage people. (Removing
-- people is for administrators, who cannot remove themselves in the admin; an operator's `npm run editor --
-- remove` may remove anyone.)
create or replace function public.editors_keep_an_admin() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role = 'admin' and new.role <> 'admin'
     and not exists (select 1 from public.editors where role = 'admin') then
    raise exception 'The last administrator cannot be demoted. Make someone else an administrator first.'
      using errcode = 'P0001', hint = 'last_admin';
  end if;
  return null;
end
$$;

revoke execute on function public.editors_keep_an_admin() from public;

create trigger editors_keep_an_admin after update of role on public.editors
for each row execute function public.editors_keep_an_admin();

-- The caller's role, or null for anyone not in `editors`. Security definer so policies on other tables can
-- ask without a grant on `editors`; an empty search_path keeps it from resolving names through the caller's.
create or replace function public.editor_role() returns text
language sql stable security definer
set search_path = ''
as $$
  select role from public.editors where user_id = auth.uid()
$$;

-- Editors and administrators: publish, delete, read leads.
create or replace function public.can_publish() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.editors where user_id = auth.uid() and role in ('admin', 'editor'))
$$;

create or replace function public.is_admin() returns boolean
language sql stable security definer
set search_path = ''
as $$
  select exists (select 1 from public.editors where user_id = auth.uid() and role = 'admin')
$$;

revoke execute on function public.editor_role(), public.can_publish(), public.is_admin() from public;
grant execute on function public.editor_role(), public.can_publish(), public.is_admin()
  to anon, authenticated, service_role;

-- Policies look editors up by (user_id, role).
create index editors_user_id_role_idx on public.editors (user_id, role);
create index editors_role_idx on public.editors (role);

-- editors: everyone in the admin sees the team; administrators change it ------------------------------------

create policy "Administrators add people" on public.editors
  for insert to authenticated
  with check ((select public.is_admin()));

create policy "Administrators change roles" on public.editors
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Administrators remove people" on public.editors
  for delete to authenticated
  using ((select public.is_admin()));

-- blogs: who wrote a post, and the write rules by role ---------------------------------------------------------

-- Filled by the database from the caller's token (a client never needs to send it); null for posts written
-- by the server, SQL or the seed.
alter table public.blogs
  add column author_id uuid default auth.uid() references auth.users (id) on delete set null;

create index blogs_author_id_status_idx on public.blogs (author_id, status);

drop policy "Editors add posts" on public.blogs;
drop policy "Editors change posts" on public.blogs;
drop policy "Editors delete posts" on public.blogs;

create policy "Editors add posts; contributors add their own drafts" on public.blogs
  for insert to authenticated
  with check (
    (select public.can_publish())
    or (
      (select public.editor_role()) = 'contributor'
      and status = 'draft'
      and author_id = (select auth.uid())
    )
  );

-- A contributor's draft stays a draft and stays theirs (with check): publishing or scheduling it, or handing
-- it to someone else, is refused.
create policy "Editors change posts; contributors change their own drafts" on public.blogs
  for update to authenticated
  using (
    (select public.can_publish())
    or (
      (select public.editor_role()) = 'contributor'
      and status = 'draft'
      and author_id = (select auth.uid())
    )
  )
  with check (
    (select public.can_publish())
    or (
      (select public.editor_role()) = 'contributor'
      and status = 'draft'
      and author_id = (select auth.uid())
    )
  );

create policy "Editors delete posts" on public.blogs
  for delete to authenticated
  using ((select public.can_publish()));

-- images: every role uploads (a contributor's draft has a cover too); only editors and admins delete ------------

drop policy "Editors delete images" on storage.objects;

create policy "Editors delete images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'images' and (select public.can_publish()));

-- leads and subscribers: editors and administrators only ---------------------------------------------------------

drop policy "Editors read leads" on public.leads;

create policy "Editors read leads" on public.leads
  for select to authenticated
  using ((select public.can_publish()));

drop policy "Editors read subscribers" on public.newsletter_subscribers;

create policy "Editors read subscribers" on public.newsletter_subscribers
  for select to authenticated
  using ((select public.can_publish()));
