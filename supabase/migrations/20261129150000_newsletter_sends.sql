-- Sending a published post to the newsletter's confirmed readers: once per post, one delivery row per
-- recipient written in the same transaction as the send, delivered by every server instance's outbox with
-- leases (`for update skip locked`), at a rate shared by all instances, with retries; an address whose mail
-- is refused for good (SMTP 5xx) is marked as bouncing and never mailed again.

-- newsletter_subscribers: bouncing addresses ------------------------------------------------------------------

alter table public.newsletter_subscribers
  add column bounced_at timestamptz,
  add column bounce_reason text check (length(bounce_reason) <= 500);

-- A bouncing address is no longer a recipient (same columns as before: only the filter changes).
create or replace view public.newsletter_recipients
with (security_invoker = true)
as
select id, email, confirmed_at, unsubscribe_token
  from public.newsletter_subscribers
 where confirmed_at is not null and unsubscribed_at is null and bounced_at is null;

-- Administrators remove subscribers (editors read them, as before). Deliveries of a removed address keep no
-- trace of it (their subscriber_id becomes null) and are skipped.
create policy "Administrators remove subscribers" on public.newsletter_subscribers
  for delete to authenticated
  using ((select public.is_admin()));

-- newsletter_sends: one per post ----------------------------------------------------------------------------------

create table public.newsletter_sends (
  id uuid primary key default gen_random_uuid(),
  -- Once per post: a second send of the same post finds this row and queues nothing.
  post_id uuid unique references public.blogs (id) on delete set null,
  slug text not null,
  -- The issue as rendered when the send started (every instance mails the same thing, whatever is edited
  -- later); each recipient's unsubscribe footer is added when their mail goes out.
  subject text not null check (length(subject) <= 300),
  html text not null,
  text text not null,
  recipient_count integer not null default 0,
  created_by uuid references auth.users (id) on delete set null,
  created_by_email text,
  created_at timestamptz not null default now(),
  -- Set by the delivery that leaves nothing pending.
  finished_at timestamptz
);

-- newsletter_deliveries: one per recipient -----------------------------------------------------------------------

create table public.newsletter_deliveries (
  id bigint generated always as identity primary key,
  send_id uuid not null references public.newsletter_sends (id) on delete cascade,
  subscriber_id uuid references public.newsletter_subscribers (id) on delete set null,
  -- pending: owed; sent; failed: refused for good or out of attempts; skipped: the address unsubscribed,
  -- bounced or was removed before its turn.
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  claimed_until timestamptz,
  claim_token uuid,
  last_error text check (length(last_error) <= 1000),
  sent_at timestamptz,
  unique (send_id, subscriber_id)
);

create index newsletter_deliveries_due_idx on public.newsletter_deliveries (next_attempt_at)
  where status = 'pending';
create index newsletter_deliveries_send_status_idx on public.newsletter_deliveries (send_id, status);
create index newsletter_deliveries_subscriber_idx on public.newsletter_deliveries (subscriber_id);

-- The shared pace of every instance: a token bucket, one row, locked by each claim.
create table public.newsletter_send_budget (
  id boolean primary key default true check (id),
  tokens double precision not null default 0,
  refreshed_at timestamptz not null default now()
);
insert into public.newsletter_send_budget (id) values (true);

-- Editors and administrators read sends and their progress; only the server (service role) writes.
alter table public.newsletter_sends enable row level security;
alter table public.newsletter_deliveries enable row level security;
alter table public.newsletter_send_budget enable row level security;

create policy "Editors read newsletter sends" on public.newsletter_sends
  for select to authenticated using ((select public.can_publish()));
create policy "Editors read newsletter deliveries" on public.newsletter_deliveries
  for select to authenticated using ((select public.can_publish()));

-- Supabase's default table grants, as for the other tables: the policies above decide (nobody but the
-- service role writes). The budget is the server's alone, like the rate-limit counters.
grant select, insert, update, delete on public.newsletter_sends, public.newsletter_deliveries
  to anon, authenticated, service_role;
revoke all on public.newsletter_send_budget from anon, authenticated;
grant all on public.newsletter_send_budget to service_role;

-- Progress of each send, counted in the database.
create view public.newsletter_send_progress
with (security_invoker = true)
as
select s.id, s.post_id, s.slug, s.subject, s.recipient_count, s.created_at, s.created_by_email, s.finished_at,
       count(d.id) filter (where d.status = 'pending')::integer as pending,
       count(d.id) filter (where d.status = 'sent')::integer as sent,
       count(d.id) filter (where d.status = 'failed')::integer as failed,
       count(d.id) filter (where d.status = 'skipped')::integer as skipped
  from public.newsletter_sends s
  left join public.newsletter_deliveries d on d.send_id = s.id
 group by s.id;

revoke all on public.newsletter_send_progress from anon, authenticated, service_role;
grant select on public.newsletter_send_progress to authenticated, service_role;

-- Starts the send of a post: the send row and one delivery per current recipient, in one transaction. A
-- post sent before returns its first send with created = false and queues nothing.
create or replace function public.start_newsletter_send(
  p_post_id uuid,
  p_slug text,
  p_subject text,
  p_html text,
  p_text text,
  p_created_by uuid,
  p_created_by_email text
)
returns table (send_id uuid, created boolean)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  new_id uuid;
  n integer;
begin
  insert into public.newsletter_sends (post_id, slug, subject, html, text, created_by, created_by_email)
  values (p_post_id, p_slug, p_subject, p_html, p_text, p_created_by, p_created_by_email)
  on conflict (post_id) do nothing
  returning id into new_id;
  if new_id is null then
    return query select s.id, false from public.newsletter_sends s where s.post_id = p_post_id;
    return;
  end if;
  insert into public.newsletter_deliveries (send_id, subscriber_id)
  select new_id, r.id from public.newsletter_recipients r;
  get diagnostics n = row_count;
  update public.newsletter_sends set recipient_count = n, finished_at = case when n = 0 then now() end
   where id = new_id;
  return query select new_id, true;
end
$$;

-- Claims up to p_limit due deliveries for this caller, as many as the shared budget allows (p_per_minute
-- messages a minute across every instance; the bucket holds at most one second's worth), skipping rows
-- another transaction has locked or another instance holds. Returns each claimed delivery with what its
-- mail needs (addresses that left the list were skipped by the trigger below when they left).
create or replace function public.claim_newsletter_deliveries(
  p_limit integer,
  p_lease_seconds integer,
  p_per_minute integer,
  p_ignore_schedule boolean,
  p_now timestamptz
)
returns table (
  id bigint,
  send_id uuid,
  subscriber_id uuid,
  attempts integer,
  claim_token uuid,
  email text,
  unsubscribe_token text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t timestamptz := coalesce(p_now, clock_timestamp());
  rate double precision := greatest(p_per_minute, 1) / 60.0;
  capacity double precision := greatest(greatest(p_per_minute, 1) / 60.0, 1);
  b public.newsletter_send_budget;
  granted integer;
  token uuid := gen_random_uuid();
begin
  select * into b from public.newsletter_send_budget where newsletter_send_budget.id for update;
  b.tokens := least(capacity, b.tokens + greatest(extract(epoch from (t - b.refreshed_at)), 0) * rate);
  -- Never below 0, whatever the budget row holds.
  granted := greatest(0, least(greatest(p_limit, 0), floor(b.tokens)::integer));

  return query
  -- The pick is materialised: a `limit` inside `where id in (…)` may be evaluated more than once by the
  -- plan and, with `skip locked`, claim more rows than the budget granted.
  with picked as materialized (
    select c.id from public.newsletter_deliveries as c
     where c.status = 'pending'
       and (p_ignore_schedule or c.next_attempt_at <= t)
       and (c.claimed_until is null or c.claimed_until <= t)
     order by c.next_attempt_at, c.id
     limit granted
     for update skip locked
  ),
  claimed as (
    update public.newsletter_deliveries as d
       set claimed_until = t + make_interval(secs => p_lease_seconds),
           claim_token = token
      from picked
     where d.id = picked.id
    returning d.id, d.send_id, d.subscriber_id, d.attempts, d.claim_token
  )
  select c.id, c.send_id, c.subscriber_id, c.attempts, c.claim_token, s.email, s.unsubscribe_token
    from claimed c
    join public.newsletter_subscribers s on s.id = c.subscriber_id;

  get diagnostics granted = row_count;
  update public.newsletter_send_budget
     set tokens = greatest(b.tokens - granted, 0), refreshed_at = greatest(t, b.refreshed_at)
   where newsletter_send_budget.id;
end
$$;

-- An address that stops being a recipient (unsubscribes, bounces, is removed) while a send runs: its
-- deliveries still owed are skipped at once, so the outbox never has to look for them.
create or replace function public.skip_deliveries_of_former_recipient() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  gone public.newsletter_subscribers := case when tg_op = 'DELETE' then old else new end;
begin
  if tg_op = 'DELETE' or new.unsubscribed_at is not null or new.bounced_at is not null
     or new.confirmed_at is null then
    with skipped as (
      update public.newsletter_deliveries
         set status = 'skipped'
       where subscriber_id = gone.id and status = 'pending'
      returning send_id
    )
    update public.newsletter_sends as s
       set finished_at = clock_timestamp()
     where s.id in (select send_id from skipped)
       and s.finished_at is null
       and not exists (select 1 from public.newsletter_deliveries as p
                        where p.send_id = s.id and p.status = 'pending' and p.subscriber_id <> gone.id);
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger newsletter_subscribers_skip_deliveries
after update of unsubscribed_at, bounced_at, confirmed_at on public.newsletter_subscribers
for each row execute function public.skip_deliveries_of_former_recipient();

create trigger newsletter_subscribers_skip_deliveries_on_delete
before delete on public.newsletter_subscribers
for each row execute function public.skip_deliveries_of_former_recipient();

-- Whether any delivery is owed now (the outbox waits for the budget instead of stopping when it is).
create or replace function public.newsletter_work_due(p_ignore_schedule boolean, p_now timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.newsletter_deliveries as c
     where c.status = 'pending'
       and (p_ignore_schedule or c.next_attempt_at <= coalesce(p_now, clock_timestamp()))
       and (c.claimed_until is null or c.claimed_until <= coalesce(p_now, clock_timestamp())))
$$;

-- Records one delivery's outcome under the claim that made it (a claim another instance has since taken over
-- changes nothing). p_outcome: sent, retry (p_next_attempt_at), failed, bounced (the address stops counting).
create or replace function public.record_newsletter_delivery(
  p_id bigint,
  p_claim_token uuid,
  p_outcome text,
  p_error text,
  p_next_attempt_at timestamptz
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  d public.newsletter_deliveries;
begin
  update public.newsletter_deliveries as x
     set status = case p_outcome when 'sent' then 'sent' when 'retry' then 'pending' else 'failed' end,
         attempts = x.attempts + case when p_outcome = 'sent' then 0 else 1 end,
         sent_at = case when p_outcome = 'sent' then clock_timestamp() else x.sent_at end,
         last_error = case when p_outcome = 'sent' then x.last_error else left(p_error, 1000) end,
         next_attempt_at = coalesce(p_next_attempt_at, x.next_attempt_at),
         claimed_until = null,
         claim_token = null
   where x.id = p_id and x.claim_token = p_claim_token and x.status = 'pending'
  returning x.* into d;
  if d.id is null then
    return false;
  end if;
  if p_outcome = 'bounced' and d.subscriber_id is not null then
    update public.newsletter_subscribers
       set bounced_at = coalesce(bounced_at, clock_timestamp()), bounce_reason = left(p_error, 500)
     where id = d.subscriber_id;
  end if;
  if not exists (select 1 from public.newsletter_deliveries
                  where send_id = d.send_id and status = 'pending') then
    update public.newsletter_sends set finished_at = coalesce(finished_at, clock_timestamp())
     where id = d.send_id;
  end if;
  return true;
end
$$;

revoke execute on function public.start_newsletter_send(uuid, text, text, text, text, uuid, text)
  from public, anon, authenticated;
revoke execute on function public.claim_newsletter_deliveries(integer, integer, integer, boolean, timestamptz)
  from public, anon, authenticated;
revoke execute on function public.record_newsletter_delivery(bigint, uuid, text, text, timestamptz)
  from public, anon, authenticated;
revoke execute on function public.newsletter_work_due(boolean, timestamptz) from public, anon, authenticated;
grant execute on function public.newsletter_work_due(boolean, timestamptz) to service_role;
grant execute on function public.start_newsletter_send(uuid, text, text, text, text, uuid, text) to service_role;
grant execute on function public.claim_newsletter_deliveries(integer, integer, integer, boolean, timestamptz)
  to service_role;
grant execute on function public.record_newsletter_delivery(bigint, uuid, text, text, timestamptz)
  to service_role;
