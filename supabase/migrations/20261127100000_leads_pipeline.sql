-- Leads as a pipeline sales works through: a status (new, contacted, qualified, won, lost), notes and an
-- owner per lead. Editors and administrators change only these three columns (column privileges + a
-- policy); everything else about a lead stays written by the server alone. Contributors still read no leads.

alter table public.leads
  add column status text not null default 'new'
    check (status in ('new', 'contacted', 'qualified', 'won', 'lost')),
  add column notes text not null default '' check (length(notes) <= 10000),
  add column owner_id uuid references auth.users (id) on delete set null;

-- The Leads screen filters by status and by owner, newest first.
create index leads_status_created_at_idx on public.leads (status, created_at desc);
create index leads_owner_id_created_at_idx on public.leads (owner_id, created_at desc);

-- Only the pipeline columns may be updated by a signed-in caller; the service role keeps every column.
revoke update on public.leads from anon, authenticated;
-- (anon keeps the same column grant so a visitor's update finds no row, as before, rather than an error.)
grant update (status, notes, owner_id) on public.leads to anon, authenticated;

-- An owner is someone who may work leads (an editor or an administrator), or nobody.
create or replace function public.can_own_leads(p_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select p_user_id is null
      or exists (select 1 from public.editors where user_id = p_user_id and role in ('admin', 'editor'))
$$;

revoke execute on function public.can_own_leads(uuid) from public;
grant execute on function public.can_own_leads(uuid) to authenticated, service_role;

create policy "Editors work leads" on public.leads
  for update to authenticated
  using ((select public.can_publish()))
  with check ((select public.can_publish()) and public.can_own_leads(owner_id));
