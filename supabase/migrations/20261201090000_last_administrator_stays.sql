-- The team can never lock itself out: the last administrator can be neither demoted nor removed, whoever
-- asks (an administrator through /rest/v1/editors, the People screen, whose removal deletes the account and
-- with it, through the foreign key, the editor row, or an operator's `npm run editor -- remove`). Someone
-- else has to be made an administrator first.
--
-- Replaces the demotion-only check of 20261127090000_editor_roles.sql. Two administrators demoting or
-- removing each other at the same moment would each still see the other one; the transaction-scoped
-- advisory lock makes the second check wait for the first change to commit, then see it.

create or replace function public.editors_keep_an_admin() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.role <> 'admin' or (tg_op = 'UPDATE' and new.role = 'admin') then
    return null;
  end if;
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('public.editors: keep an administrator'));
  if not exists (select 1 from public.editors where role = 'admin') then
    if tg_op = 'DELETE' then
      raise exception 'The last administrator cannot be removed. Make someone else an administrator first.'
        using errcode = 'P0001', hint = 'last_admin';
    end if;
    raise exception 'The last administrator cannot be demoted. Make someone else an administrator first.'
      using errcode = 'P0001', hint = 'last_admin';
  end if;
  return null;
end
$$;

revoke execute on function public.editors_keep_an_admin() from public;

create trigger editors_keep_an_admin_on_delete after delete on public.editors
for each row execute function public.editors_keep_an_admin();
