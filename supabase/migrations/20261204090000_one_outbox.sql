-- One outbox for everything the server delivers later (lead mail, newsletter deliveries, and whatever queue
-- comes next): a job per thing to deliver, claimed by any server instance with a lease, retried on a
-- schedule, and finished under the claim that made it. One claim pattern for every queue, written once here;
-- server/jobs/leased-worker.ts is the one worker that drives it.

-- outbox_jobs: one row per thing owed -------------------------------------------------------------------------

create table public.outbox_jobs (
  id uuid primary key default gen_random_uuid(),
  -- Which kind of delivery (the worker's queue name), and the row it delivers (a lead, a newsletter delivery…).
  queue text not null check (length(queue) between 1 and 60),
  subject_id uuid not null,
  -- pending: owed (due at next_attempt_at); done: delivered (or nothing was owed any more); failed: given up.
  status text not null default 'pending' check (status in ('pending', 'done', 'failed')),
  -- Failed attempts so far (a successful one does not count).
  attempts integer not null default 0 check (attempts >= 0),
  -- When the next attempt is due (null once the job is done or failed).
  next_attempt_at timestamptz default now(),
  -- Until when one instance holds the job (null: nobody); a crashed holder's lease runs out.
  claimed_until timestamptz,
  -- Which claim holds it: a job is finished only under the claim that delivered it.
  claim_token uuid,
  last_error text check (length(last_error) <= 1000),
  -- When the job was (last) enqueued: a queue's "give up after" age counts from here.
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One job per subject and queue: enqueueing twice is one job.
  unique (queue, subject_id),
  check ((status = 'pending') = (next_attempt_at is not null))
);

-- The claim: pending jobs of one queue in schedule order.
create index outbox_jobs_due_idx on public.outbox_jobs (queue, next_attempt_at) where status = 'pending';

create trigger outbox_jobs_set_updated_at before update on public.outbox_jobs
for each row execute function public.set_updated_at();

-- A queue's shared pace (only for queues claimed with a per-minute budget): a token bucket, one row per
-- queue, locked by each claim, so the rate holds across every server instance.
create table public.outbox_queue_budgets (
  queue text primary key check (length(queue) between 1 and 60),
  tokens double precision not null default 0,
  refreshed_at timestamptz not null default now()
);

-- The server's alone: RLS on without policies, and no grants but the service role's.
alter table public.outbox_jobs enable row level security;
alter table public.outbox_queue_budgets enable row level security;
revoke all on public.outbox_jobs, public.outbox_queue_budgets from anon, authenticated;
grant all on public.outbox_jobs, public.outbox_queue_budgets to service_role;

-- Functions -----------------------------------------------------------------------------------------------------

-- Owes a delivery of p_subject_id on p_queue from p_at (now when null). Meant to be called inside the
-- transaction that writes the subject (a trigger or a function), so the thing and its delivery are stored
-- together or not at all. A job still pending keeps its place (the earlier of the two times); a finished
-- one starts over (attempts, error and age reset): that is how a delivery is sent again.
create or replace function public.enqueue_outbox_job(p_queue text, p_subject_id uuid, p_at timestamptz default null)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t timestamptz := coalesce(p_at, clock_timestamp());
  job_id uuid;
begin
  insert into public.outbox_jobs as j (queue, subject_id, next_attempt_at)
  values (p_queue, p_subject_id, t)
  on conflict (queue, subject_id) do update
     set next_attempt_at = case when j.status = 'pending' then least(j.next_attempt_at, t) else t end,
         attempts = case when j.status = 'pending' then j.attempts else 0 end,
         last_error = case when j.status = 'pending' then j.last_error end,
         created_at = case when j.status = 'pending' then j.created_at else clock_timestamp() end,
         status = 'pending'
  returning j.id into job_id;
  return job_id;
end
$$;

-- Claims up to p_limit jobs of p_queue whose next attempt is due (any pending one with p_ignore_schedule),
-- skipping rows another transaction has locked and jobs another instance holds, all under one new claim
-- token. With p_per_minute, no more than the queue's shared budget allows (p_per_minute a minute across
-- every instance; the bucket holds at most one second's worth, so a pause is not followed by a burst).
-- p_now only for tests that drive the clock; otherwise the database's clock decides.
create or replace function public.claim_outbox_jobs(
  p_queue text,
  p_limit integer,
  p_lease_seconds integer,
  p_ignore_schedule boolean,
  p_now timestamptz,
  p_per_minute integer default null
)
returns setof public.outbox_jobs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t timestamptz := coalesce(p_now, clock_timestamp());
  rate double precision := greatest(coalesce(p_per_minute, 1), 1) / 60.0;
  capacity double precision := greatest(greatest(coalesce(p_per_minute, 1), 1) / 60.0, 1);
  b public.outbox_queue_budgets;
  granted integer := greatest(coalesce(p_limit, 0), 0);
  taken integer;
  token uuid := gen_random_uuid();
begin
  if p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'The lease must be at least one second.' using errcode = '22023';
  end if;
  if p_per_minute is not null then
    -- A queue's first claim finds its bucket full.
    insert into public.outbox_queue_budgets (queue, tokens, refreshed_at) values (p_queue, capacity, t)
    on conflict (queue) do nothing;
    select * into b from public.outbox_queue_budgets where queue = p_queue for update;
    b.tokens := least(capacity, b.tokens + greatest(extract(epoch from (t - b.refreshed_at)), 0) * rate);
    -- Never below 0, whatever the budget row holds.
    granted := greatest(0, least(granted, floor(b.tokens)::integer));
  end if;

  return query
  -- The pick is materialised: a `limit` inside `where id in (…)` may be evaluated more than once by the
  -- plan and, with `skip locked`, claim more rows than were granted.
  with picked as materialized (
    select c.id from public.outbox_jobs as c
     where c.queue = p_queue
       and c.status = 'pending'
       and (p_ignore_schedule or c.next_attempt_at <= t)
       and (c.claimed_until is null or c.claimed_until <= t)
     order by c.next_attempt_at, c.id
     limit granted
     for update skip locked
  )
  update public.outbox_jobs as j
     set claimed_until = t + make_interval(secs => p_lease_seconds),
         claim_token = token
    from picked
   where j.id = picked.id
  returning j.*;

  if p_per_minute is not null then
    get diagnostics taken = row_count;
    update public.outbox_queue_budgets
       set tokens = greatest(b.tokens - taken, 0), refreshed_at = greatest(t, b.refreshed_at)
     where queue = p_queue;
  end if;
end
$$;

-- Claims the one job of p_subject_id on p_queue now, whatever its schedule ("deliver this one now", e.g. the
-- request that stored a lead): the job when this caller now holds it, nothing when another holds an
-- unexpired lease or nothing is owed.
create or replace function public.claim_outbox_job(
  p_queue text,
  p_subject_id uuid,
  p_lease_seconds integer,
  p_now timestamptz
)
returns setof public.outbox_jobs
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  t timestamptz := coalesce(p_now, clock_timestamp());
begin
  if p_lease_seconds is null or p_lease_seconds < 1 then
    raise exception 'The lease must be at least one second.' using errcode = '22023';
  end if;
  return query
  update public.outbox_jobs as j
     set claimed_until = t + make_interval(secs => p_lease_seconds),
         claim_token = gen_random_uuid()
   where j.id = (
           select c.id from public.outbox_jobs as c
            where c.queue = p_queue and c.subject_id = p_subject_id
              and c.status = 'pending'
              and (c.claimed_until is null or c.claimed_until <= t)
            for update skip locked)
  returning j.*;
end
$$;

-- Records one attempt of a claimed job and releases the claim, only under the claim that made it (a claim
-- another instance has since taken over changes nothing; the answer is then false). p_outcome: done, retry
-- (due again at p_next_attempt_at, now when null) or failed (given up). A failed attempt counts.
create or replace function public.finish_outbox_job(
  p_id uuid,
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
  n integer;
begin
  if p_outcome is null or p_outcome not in ('done', 'retry', 'failed') then
    raise exception 'The outcome must be done, retry or failed.' using errcode = '22023';
  end if;
  update public.outbox_jobs as j
     set status = case p_outcome when 'retry' then 'pending' else p_outcome end,
         attempts = j.attempts + case when p_outcome = 'done' then 0 else 1 end,
         last_error = case when p_outcome = 'done' then null else left(coalesce(p_error, 'failed'), 1000) end,
         next_attempt_at = case when p_outcome = 'retry' then coalesce(p_next_attempt_at, clock_timestamp()) end,
         claimed_until = null,
         claim_token = null
   where j.id = p_id and j.claim_token = p_claim_token and j.status = 'pending';
  get diagnostics n = row_count;
  return n = 1;
end
$$;

-- Whether any job of p_queue is owed now and free to claim (a worker waits for its budget instead of
-- stopping when one is).
create or replace function public.outbox_work_due(p_queue text, p_ignore_schedule boolean, p_now timestamptz)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.outbox_jobs as c
     where c.queue = p_queue
       and c.status = 'pending'
       and (p_ignore_schedule or c.next_attempt_at <= coalesce(p_now, clock_timestamp()))
       and (c.claimed_until is null or c.claimed_until <= coalesce(p_now, clock_timestamp())))
$$;

-- Jobs that ended (done, or given up) before p_before are deleted: what they delivered keeps its own record
-- (the lead's sent times, the delivery's status), so the table holds only recent and owed work.
create or replace function public.delete_finished_outbox_jobs(p_queue text, p_before timestamptz)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  delete from public.outbox_jobs
   where queue = p_queue and status in ('done', 'failed') and updated_at < p_before;
  get diagnostics n = row_count;
  return n;
end
$$;

-- The server's own (hosted Supabase grants EXECUTE to anon and authenticated by default, so they are named).
revoke execute on function
  public.delete_finished_outbox_jobs(text, timestamptz),
  public.enqueue_outbox_job(text, uuid, timestamptz),
  public.claim_outbox_jobs(text, integer, integer, boolean, timestamptz, integer),
  public.claim_outbox_job(text, uuid, integer, timestamptz),
  public.finish_outbox_job(uuid, uuid, text, text, timestamptz),
  public.outbox_work_due(text, boolean, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.delete_finished_outbox_jobs(text, timestamptz),
  public.enqueue_outbox_job(text, uuid, timestamptz),
  public.claim_outbox_jobs(text, integer, integer, boolean, timestamptz, integer),
  public.claim_outbox_job(text, uuid, integer, timestamptz),
  public.finish_outbox_job(uuid, uuid, text, text, timestamptz),
  public.outbox_work_due(text, boolean, timestamptz)
  to service_role;

-- Lead mail: the queue `lead-mail` ----------------------------------------------------------------------------
-- A lead's two emails are one job, queued by the insert of the lead itself (one transaction: a lead is never
-- stored without its delivery owed). The job's state shows on the lead (attempts, last error, next attempt),
-- where the Leads screen reads it. The lead's own claim columns stay for the digest of held notifications.

create or replace function public.leads_queue_delivery() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.next_attempt_at is not null then
    perform public.enqueue_outbox_job('lead-mail', new.id, new.next_attempt_at);
  end if;
  return new;
end
$$;

create trigger leads_queue_delivery after insert on public.leads
for each row execute function public.leads_queue_delivery();

-- Leads whose emails are still owed become jobs (with their attempts and schedule so far); a lead that
-- had used up its attempts stays failed.
insert into public.outbox_jobs (queue, subject_id, status, attempts, next_attempt_at, last_error)
select 'lead-mail', l.id,
       case when l.attempts >= 10 then 'failed' else 'pending' end,
       l.attempts,
       case when l.attempts >= 10 then null else l.next_attempt_at end,
       l.last_error
  from public.leads as l
 where l.next_attempt_at is not null
on conflict (queue, subject_id) do nothing;

drop function public.claim_lead(uuid, integer, timestamptz);
drop function public.claim_due_leads(integer, integer, integer, boolean, timestamptz);
drop index public.leads_due_idx;

-- Newsletter deliveries: the queue `newsletter` ----------------------------------------------------------------
-- One job per recipient, queued by the insert of the delivery (start_newsletter_send writes them all in one
-- transaction), claimed within the newsletter's rate (the queue's budget). The delivery keeps what the send's
-- progress counts (status, sent_at) and shows its job's attempts and last error.

alter table public.newsletter_deliveries
  -- The delivery's name in outbox_jobs.subject_id.
  add column outbox_key uuid not null default gen_random_uuid() unique;

create or replace function public.newsletter_deliveries_queue() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'pending' then
    perform public.enqueue_outbox_job('newsletter', new.outbox_key, null);
  end if;
  return new;
end
$$;

create trigger newsletter_deliveries_queue after insert on public.newsletter_deliveries
for each row execute function public.newsletter_deliveries_queue();

insert into public.outbox_jobs (queue, subject_id, attempts, next_attempt_at, last_error)
select 'newsletter', d.outbox_key, d.attempts, d.next_attempt_at, d.last_error
  from public.newsletter_deliveries as d
 where d.status = 'pending'
on conflict (queue, subject_id) do nothing;

-- The newsletter's pace moves to the queue's budget.
insert into public.outbox_queue_budgets (queue, tokens, refreshed_at)
select 'newsletter', b.tokens, b.refreshed_at from public.newsletter_send_budget as b
on conflict (queue) do nothing;

-- A delivery that stops being owed (sent, failed, or skipped because the address left the list) may finish its
-- send; a skipped one's job is closed so it is never claimed (nor counted against the rate).
create or replace function public.newsletter_delivery_settled() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'skipped' then
    update public.outbox_jobs
       set status = 'done', next_attempt_at = null
     where queue = 'newsletter' and subject_id = new.outbox_key and status = 'pending' and claim_token is null;
  end if;
  if new.status <> 'pending' and not exists (
       select 1 from public.newsletter_deliveries where send_id = new.send_id and status = 'pending') then
    update public.newsletter_sends set finished_at = coalesce(finished_at, clock_timestamp())
     where id = new.send_id;
  end if;
  return new;
end
$$;

create trigger newsletter_delivery_settled after update of status on public.newsletter_deliveries
for each row when (old.status is distinct from new.status)
execute function public.newsletter_delivery_settled();

-- What the mail of one delivery needs (null fields when the address was removed), by its job's subject.
create or replace function public.newsletter_delivery_to_send(p_key uuid)
returns table (id bigint, send_id uuid, status text, email text, unsubscribe_token text)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.send_id, d.status, s.email, u.token
    from public.newsletter_deliveries as d
    left join public.newsletter_subscribers as s on s.id = d.subscriber_id
    left join public.newsletter_unsubscribe_tokens as u on u.subscriber_id = d.subscriber_id
   where d.outbox_key = p_key
$$;

-- Records a delivery's mail going out ('sent') or its address refused for good ('bounced': the delivery
-- fails, and the address is marked as bouncing, which skips whatever else is owed to it). Only a delivery
-- still owed changes; the answer says whether this one did.
create or replace function public.record_newsletter_outcome(p_key uuid, p_outcome text, p_error text)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  d public.newsletter_deliveries;
begin
  if p_outcome is null or p_outcome not in ('sent', 'bounced') then
    raise exception 'The outcome must be sent or bounced.' using errcode = '22023';
  end if;
  update public.newsletter_deliveries as x
     set status = case p_outcome when 'sent' then 'sent' else 'failed' end,
         sent_at = case when p_outcome = 'sent' then clock_timestamp() else x.sent_at end,
         last_error = case when p_outcome = 'sent' then x.last_error else left(p_error, 1000) end
   where x.outbox_key = p_key and x.status = 'pending'
  returning x.* into d;
  if d.id is null then
    return false;
  end if;
  if p_outcome = 'bounced' and d.subscriber_id is not null then
    update public.newsletter_subscribers
       set bounced_at = coalesce(bounced_at, clock_timestamp()), bounce_reason = left(p_error, 500)
     where id = d.subscriber_id;
  end if;
  return true;
end
$$;

drop function public.claim_newsletter_deliveries(integer, integer, integer, boolean, timestamptz);
drop function public.record_newsletter_delivery(bigint, uuid, text, text, timestamptz);
drop function public.newsletter_work_due(boolean, timestamptz);
drop table public.newsletter_send_budget;
alter table public.newsletter_deliveries
  drop column next_attempt_at,
  drop column claimed_until,
  drop column claim_token;

-- Each job's state, shown on what it delivers, in the transaction that changes it ----------------------------

create or replace function public.outbox_jobs_show_on_subject() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.queue = 'lead-mail' then
    update public.leads
       set attempts = new.attempts, last_error = new.last_error, next_attempt_at = new.next_attempt_at
     where id = new.subject_id;
  elsif new.queue = 'newsletter' then
    update public.newsletter_deliveries
       set attempts = new.attempts,
           last_error = coalesce(new.last_error, last_error),
           status = case when new.status = 'failed' and status = 'pending' then 'failed' else status end
     where outbox_key = new.subject_id;
  end if;
  return new;
end
$$;

create trigger outbox_jobs_show_on_subject
after update of status, attempts, next_attempt_at, last_error on public.outbox_jobs
for each row when (new.queue in ('lead-mail', 'newsletter'))
execute function public.outbox_jobs_show_on_subject();

revoke execute on function
  public.newsletter_delivery_to_send(uuid),
  public.record_newsletter_outcome(uuid, text, text)
  from public, anon, authenticated;
grant execute on function
  public.newsletter_delivery_to_send(uuid),
  public.record_newsletter_outcome(uuid, text, text)
  to service_role;
-- Trigger functions: nobody calls them.
revoke execute on function
  public.leads_queue_delivery(),
  public.newsletter_deliveries_queue(),
  public.newsletter_delivery_settled(),
  public.outbox_jobs_show_on_subject()
  from public, anon, authenticated, service_role;
