-- Sales notifications have an hourly cap (SALES_NOTIFICATION_HOURLY_CAP, counted in rate_limit_counters like
-- every other limit, so it holds across server instances). A lead whose notification the cap held back is
-- not lost: it waits until the hour that held it has ended, then goes out with the others held with it in
-- one digest mail to sales. The server claims such leads with the same lease as every delivery
-- (claimed_until, claim_token), so two instances never put one lead in two digests while both are healthy.

alter table public.leads add column notification_held_until timestamptz;

comment on column public.leads.notification_held_until is
  'Set when the hourly cap on sales notifications held the notification back: from this time on it is owed in a digest to sales (notification_sent_at is set once the digest has gone out).';

-- The leads a digest owes, in the order they came in.
create index leads_held_notifications_idx on public.leads (notification_held_until)
  where notification_held_until is not null and notification_sent_at is null;

-- Claims up to p_limit leads whose held notification is due (its hour has ended) and that nobody holds, all
-- under one claim token: the rows of one digest. Rows another transaction has locked are skipped.
create or replace function public.claim_held_notifications(
  p_limit integer,
  p_lease_seconds integer,
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
  v_token uuid := gen_random_uuid();
begin
  return query
  update public.leads as l
     set claimed_until = t + make_interval(secs => p_lease_seconds),
         claim_token = v_token
   where l.id in (
           select c.id from public.leads as c
            where c.notification_held_until is not null
              and c.notification_sent_at is null
              and c.notification_held_until <= t
              and (c.claimed_until is null or c.claimed_until <= t)
            order by c.created_at, c.id
            limit greatest(p_limit, 0)
            for update skip locked)
  returning l.*;
end
$$;

-- Only the server (service role) may call it: hosted Supabase grants EXECUTE to anon and authenticated by
-- default, so they are named here too.
revoke execute on function public.claim_held_notifications(integer, integer, timestamptz)
  from public, anon, authenticated;
grant execute on function public.claim_held_notifications(integer, integer, timestamptz) to service_role;
