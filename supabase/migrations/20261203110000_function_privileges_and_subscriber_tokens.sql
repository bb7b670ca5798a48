-- Who may call each database function, who may read a subscriber's unsubscribe token, and one confirmation
-- mail per 10 minutes however many sign-ups of an address arrive at once.

-- Function privileges ---------------------------------------------------------------------------------------
-- Hosted Supabase grants EXECUTE on every new function in `public` to anon, authenticated and service_role
-- themselves (its default privileges), so revoking from `public` alone leaves a function open to visitors.
-- Every function is stated here, each with exactly the callers it is meant for.
-- tests/integration/function-privileges.test.ts calls each as every kind of caller.

-- The caller's own standing, asked by row-level security. The read policy on posts applies to visitors too,
-- so they keep is_editor() and can_publish() (both answer false for them).
revoke execute on function public.is_editor(), public.can_publish() from public;
grant execute on function public.is_editor(), public.can_publish() to anon, authenticated, service_role;
revoke execute on function public.editor_role(), public.is_admin() from public, anon;
grant execute on function public.editor_role(), public.is_admin() to authenticated, service_role;

-- Asked by the leads policy when an editor hands a lead to someone. It used to tell anyone signed in (and
-- visitors) whether any account is an editor or an administrator; now it answers only editors and
-- administrators, who see the team anyway.
create or replace function public.can_own_leads(p_user_id uuid) returns boolean
language sql stable security definer
set search_path = ''
as $$
  select public.can_publish()
     and (p_user_id is null
          or exists (select 1 from public.editors where user_id = p_user_id and role in ('admin', 'editor')))
$$;
revoke execute on function public.can_own_leads(uuid) from public, anon, service_role;
grant execute on function public.can_own_leads(uuid) to authenticated;

-- Insights: security invoker, so row-level security leaves anyone but editors with zeros; not for visitors.
revoke execute on function public.insights_report(integer) from public, anon;
grant execute on function public.insights_report(integer) to authenticated, service_role;

-- The public site: the posts' stamp and the Resources search.
revoke execute on function public.published_posts_stamp() from public;
grant execute on function public.published_posts_stamp() to anon, authenticated, service_role;
revoke execute on function public.search_published_posts(text, text, integer, integer) from public;
grant execute on function public.search_published_posts(text, text, integer, integer)
  to anon, authenticated, service_role;

-- Helpers of the search triggers and of search_published_posts, which run as their owner: nobody calls them.
revoke execute on function public.blog_search_document(text, text), public.blog_search_words(text, text),
  public.resources_search_terms(text)
  from public, anon, authenticated;
grant execute on function public.blog_search_document(text, text), public.blog_search_words(text, text),
  public.resources_search_terms(text)
  to service_role;

-- The server's own: outboxes, rate limits, newsletter sends, Insights counting.
revoke execute on function
  public.claim_lead(uuid, integer, timestamptz),
  public.claim_due_leads(integer, integer, integer, boolean, timestamptz),
  public.take_rate_limit(text, integer, integer),
  public.analytics_salt(),
  public.record_page_view(text, text, text, text, text, text),
  public.visit_source(text),
  public.start_newsletter_send(uuid, text, text, text, text, uuid, text),
  public.claim_newsletter_deliveries(integer, integer, integer, boolean, timestamptz),
  public.record_newsletter_delivery(bigint, uuid, text, text, timestamptz),
  public.newsletter_work_due(boolean, timestamptz)
  from public, anon, authenticated;
grant execute on function
  public.claim_lead(uuid, integer, timestamptz),
  public.claim_due_leads(integer, integer, integer, boolean, timestamptz),
  public.take_rate_limit(text, integer, integer),
  public.analytics_salt(),
  public.record_page_view(text, text, text, text, text, text),
  public.visit_source(text),
  public.start_newsletter_send(uuid, text, text, text, text, uuid, text),
  public.claim_newsletter_deliveries(integer, integer, integer, boolean, timestamptz),
  public.record_newsletter_delivery(bigint, uuid, text, text, timestamptz),
  public.newsletter_work_due(boolean, timestamptz)
  to service_role;

-- Trigger functions run when their table changes, whoever changes it (Postgres checks EXECUTE only when a
-- trigger is created): nobody needs to call them.
revoke execute on function
  public.set_updated_at(),
  public.normalize_subscriber_email(),
  public.blogs_stamp_version(),
  public.blogs_write_tombstone(),
  public.blogs_clear_tombstone(),
  public.blogs_write_revision(),
  public.blogs_write_search_document(),
  public.editors_first_is_admin(),
  public.editors_keep_an_admin(),
  public.skip_deliveries_of_former_recipient()
  from public, anon, authenticated, service_role;

-- Unsubscribe tokens ----------------------------------------------------------------------------------------
-- A subscriber's unsubscribe token is the secret in their unsubscribe link: whoever reads it can take them off
-- the list. Editors read the list (address, status, dates); the tokens move to a table of their own that only
-- administrators (who may remove subscribers anyway) and the server (service role) read.
create table public.newsletter_unsubscribe_tokens (
  subscriber_id uuid primary key references public.newsletter_subscribers (id) on delete cascade,
  token text not null unique
);

alter table public.newsletter_unsubscribe_tokens enable row level security;
create policy "Administrators read unsubscribe tokens" on public.newsletter_unsubscribe_tokens
  for select to authenticated
  using ((select public.is_admin()));
revoke all on public.newsletter_unsubscribe_tokens from anon, authenticated;
grant select on public.newsletter_unsubscribe_tokens to authenticated;
grant all on public.newsletter_unsubscribe_tokens to service_role;

insert into public.newsletter_unsubscribe_tokens (subscriber_id, token)
select id, unsubscribe_token from public.newsletter_subscribers where unsubscribe_token is not null;

-- The recipients view showed the token too (and runs with the caller's privileges): the same addresses,
-- without it.
drop view public.newsletter_recipients;
alter table public.newsletter_subscribers drop column unsubscribe_token;

create view public.newsletter_recipients
with (security_invoker = true)
as
select id, email, confirmed_at
  from public.newsletter_subscribers
 where confirmed_at is not null and unsubscribed_at is null and bounced_at is null;

comment on view public.newsletter_recipients is
  'Confirmed, subscribed addresses: the only ones that count and the only ones a newsletter goes to.';

revoke all on public.newsletter_recipients from anon, authenticated, service_role;
grant select on public.newsletter_recipients to authenticated, service_role;

-- A sign-up: the address stored once (case-insensitive) and given its unsubscribe token, in one transaction.
-- Returns the subscriber with its token (an address signing up again keeps the token it has) and whether this
-- call added it.
create or replace function public.add_newsletter_subscriber(p_email text, p_unsubscribe_token text)
returns table (
  id uuid,
  email text,
  created_at timestamptz,
  confirmation_sent_at timestamptz,
  confirmed_at timestamptz,
  unsubscribed_at timestamptz,
  unsubscribe_token text,
  created boolean
)
language plpgsql
volatile
set search_path = ''
as $$
#variable_conflict use_column
declare
  s public.newsletter_subscribers;
  added boolean;
begin
  insert into public.newsletter_subscribers as n (email) values (p_email)
  on conflict (email) do nothing
  returning n.* into s;
  added := s.id is not null;
  if not added then
    select n.* into s from public.newsletter_subscribers as n where n.email = lower(trim(p_email));
  end if;
  insert into public.newsletter_unsubscribe_tokens as t (subscriber_id, token)
  values (s.id, p_unsubscribe_token)
  on conflict (subscriber_id) do nothing;
  return query
    select s.id, s.email, s.created_at, s.confirmation_sent_at, s.confirmed_at, s.unsubscribed_at, t.token, added
      from public.newsletter_unsubscribe_tokens as t
     where t.subscriber_id = s.id;
end
$$;
revoke execute on function public.add_newsletter_subscriber(text, text) from public, anon, authenticated;
grant execute on function public.add_newsletter_subscriber(text, text) to service_role;

-- The outbox's claim, as before, with each recipient's token from its new table (its privileges, the
-- server's alone, are kept).
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
  select c.id, c.send_id, c.subscriber_id, c.attempts, c.claim_token, s.email, u.token
    from claimed c
    join public.newsletter_subscribers s on s.id = c.subscriber_id
    left join public.newsletter_unsubscribe_tokens u on u.subscriber_id = c.subscriber_id;

  get diagnostics granted = row_count;
  update public.newsletter_send_budget
     set tokens = greatest(b.tokens - granted, 0), refreshed_at = greatest(t, b.refreshed_at)
   where newsletter_send_budget.id;
end
$$;
-- One confirmation mail per 10 minutes ------------------------------------------------------------------------
-- Claims the right to send a pending address a new confirmation link: true for exactly one caller per gap,
-- however many sign-ups of it arrive at once on however many server instances (one conditional update; a
-- concurrent one waits for it and then finds the gap taken). The database's clock, shared by every instance.
create or replace function public.claim_newsletter_confirmation(p_subscriber_id uuid, p_gap_seconds integer)
returns boolean
language sql volatile
set search_path = ''
as $$
  with claimed as (
    update public.newsletter_subscribers
       set confirmation_sent_at = now()
     where id = p_subscriber_id
       and (confirmation_sent_at is null
            or confirmation_sent_at <= now() - make_interval(secs => p_gap_seconds))
    returning 1
  )
  select count(*) = 1 from claimed
$$;
revoke execute on function public.claim_newsletter_confirmation(uuid, integer) from public, anon, authenticated;
grant execute on function public.claim_newsletter_confirmation(uuid, integer) to service_role;
