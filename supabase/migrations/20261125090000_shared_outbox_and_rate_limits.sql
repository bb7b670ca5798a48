-- Several server instances on one project: the lead outbox claims work with a lease in the database, and
-- rate-limit counters live here too, so no two instances send a lead's email twice while both are healthy
-- and every limit is global. The server calls these functions through supabase-js (`rpc`) with the service
-- role; nobody else may.

-- leads: a lease per delivery -------------------------------------------------------------------------------

alter table public.leads
  -- Until when one instance holds the lead's delivery (null: nobody); a crashed holder's lease runs out.
  add column claimed_until timestamptz,
  -- Which claim holds it: records of a delivery apply only under the claim that made them.
  add column claim_token uuid;

-- Leads whose emails are still owed, in schedule order (the outbox's claim query).
create index leads_due_idx on public.leads (next_attempt_at) where next_attempt_at is not null;

-- Claims one lead for delivery (the request that stored it): the row when this caller now holds it, nothing
-- when another holds an unexpired lease or nothing is owed.
create or replace function public.claim_lead(p_lead_id uuid, p_lease_seconds integer, p_now timestamptz)
returns setof public.leads
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t timestamptz := coalesce(p_now, now());
begin
  return query
  update public.leads as l
     set claimed_until = t + make_interval(secs => p_lease_seconds),
         claim_token = gen_random_uuid()
   where l.id = (
           select c.id from public.leads as c
            where c.id = p_lead_id
              and (c.claimed_until is null or c.claimed_until <= t)
              and ((c.confirmation_sent_at is null and c.confirmation_skipped_at is null)
                   or c.notification_sent_at is null)
            for update skip locked)
  returning l.*;
end
$$;

-- Claims up to p_limit leads whose next attempt is due (any pending one with p_ignore_schedule), skipping
-- rows another transaction has locked and leads another instance holds.
create or replace function public.claim_due_leads(
  p_limit integer,
  p_lease_seconds integer,
  p_max_attempts integer,
  p_ignore_schedule boolean,
  p_now timestamptz
)
returns setof public.leads
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t timestamptz := coalesce(p_now, now());
begin
  return query
  update public.leads as l
     set claimed_until = t + make_interval(secs => p_lease_seconds),
         claim_token = gen_random_uuid()
   where l.id in (
           select c.id from public.leads as c
            where c.next_attempt_at is not null
              and c.attempts < p_max_attempts
              and (p_ignore_schedule or c.next_attempt_at <= t)
              and (c.claimed_until is null or c.claimed_until <= t)
            order by c.next_attempt_at
            limit greatest(p_limit, 0)
            for update skip locked)
  returning l.*;
end
$$;

revoke execute on function public.claim_lead(uuid, integer, timestamptz) from public, anon, authenticated;
revoke execute on function public.claim_due_leads(integer, integer, integer, boolean, timestamptz)
  from public, anon, authenticated;
grant execute on function public.claim_lead(uuid, integer, timestamptz) to service_role;
grant execute on function public.claim_due_leads(integer, integer, integer, boolean, timestamptz) to service_role;

-- rate limits: fixed-window counters, one row per key ------------------------------------------------------------------------

create table public.rate_limit_counters (
  -- The rule and a hash of what is counted (an address, an email): no personal data in clear.
  key text primary key check (length(key) <= 200),
  -- The key's current window starts with its first request and lasts the rule's window.
  window_start timestamptz not null,
  expires_at timestamptz not null,
  count integer not null default 0
);

create index rate_limit_counters_expires_at_idx on public.rate_limit_counters (expires_at);

-- Nobody reads or writes counters directly: RLS on without policies, and no grants but the service role's.
alter table public.rate_limit_counters enable row level security;
revoke all on public.rate_limit_counters from anon, authenticated;
grant all on public.rate_limit_counters to service_role;

-- Counts one request for p_key in its current window of p_window_seconds (a window starts with the first
-- request after the last one ended) and says whether it is within p_limit. One upsert: concurrent callers
-- on any instance wait for the row's lock and count exactly.
create or replace function public.take_rate_limit(p_key text, p_limit integer, p_window_seconds integer)
returns table (allowed boolean, retry_after_seconds integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t timestamptz := clock_timestamp();
  n integer;
  ends timestamptz;
begin
  insert into public.rate_limit_counters as r (key, window_start, expires_at, count)
  values (p_key, t, t + make_interval(secs => p_window_seconds), 1)
  on conflict (key) do update
     set window_start = case when r.expires_at <= t then t else r.window_start end,
         expires_at = case when r.expires_at <= t then t + make_interval(secs => p_window_seconds)
                           else r.expires_at end,
         count = case when r.expires_at <= t then 1 else r.count + 1 end
  returning r.count, r.expires_at into n, ends;
  -- Now and then, drop finished windows so the table stays small.
  if random() < 0.01 then
    delete from public.rate_limit_counters where expires_at < t;
  end if;
  return query select n <= p_limit,
                      case when n <= p_limit then 0
                           else greatest(1, ceil(extract(epoch from (ends - t)))::integer) end;
end
$$;

revoke execute on function public.take_rate_limit(text, integer, integer) from public, anon, authenticated;
grant execute on function public.take_rate_limit(text, integer, integer) to service_role;
