-- The team list is for editors and administrators. A contributor reads no row of `editors`, not even their
-- own (their role comes from `public.editor_role()`): the server's staff check (`verifyEditorToken`: the
-- caller's own `editors` row under RLS) then refuses contributors too, so the captured mail inbox (visitors'
-- names, emails and phone numbers) and the staff mail endpoints stay with the people who may read leads.

drop policy "Editors see editors" on public.editors;

create policy "Editors see editors" on public.editors
  for select to authenticated
  using ((select public.can_publish()));
