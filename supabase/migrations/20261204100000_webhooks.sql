-- Signed webhooks: administrators register endpoints (a URL, the events it wants, a format), and every event
-- (a lead arrives or changes, a post is published, a newsletter send finishes) becomes one delivery per
-- subscribed endpoint, recorded in the same transaction as what caused it and handed to the one leased outbox
-- worker (queue 'webhook', subject = the delivery's id). Each attempt is kept for the delivery log.
--
-- Who sees what: administrators manage endpoints; editors and administrators read endpoints and the delivery
-- log; visitors and contributors see nothing. Signing secrets live in a table of their own that only the
-- server (service role) reads: they are never readable back through REST.

-- webhook_endpoints --------------------------------------------------------------------------------------------

create table public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  url text not null check (length(url) <= 2000 and url ~ '^https?://'),
  events text[] not null
    check (cardinality(events) between 1 and 4
           and events <@ array['lead.created', 'lead.updated', 'post.published', 'newsletter.sent']::text[]),
  -- standard: a Standard Webhooks JSON delivery; slack: a Block Kit message for a Slack incoming webhook.
  format text not null default 'standard' check (format in ('standard', 'slack')),
  description text not null default '' check (length(description) <= 500),
  -- Paused endpoints get no new deliveries; paused_reason says why when the server paused it (3 days of
  -- failures), null when a person did.
  enabled boolean not null default true,
  paused_reason text check (length(paused_reason) <= 1000),
  paused_at timestamptz,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index webhook_endpoints_events_idx on public.webhook_endpoints using gin (events) where enabled;

-- Enabling an endpoint again clears why it was paused.
create or replace function public.webhook_endpoints_stamp() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  if new.enabled and not old.enabled then
    new.paused_reason := null;
    new.paused_at := null;
  elsif not new.enabled and old.enabled and new.paused_at is null then
    new.paused_at := now();
  end if;
  return new;
end
$$;

create trigger webhook_endpoints_stamp before update on public.webhook_endpoints
for each row execute function public.webhook_endpoints_stamp();

-- Secrets: the current one signs; after a rotation the previous one signs too until it expires (24 hours), so
-- a receiver can switch over without losing deliveries. Standard Webhooks' `whsec_` + base64 form.
create table public.webhook_endpoint_secrets (
  endpoint_id uuid primary key references public.webhook_endpoints (id) on delete cascade,
  current_secret text not null check (current_secret ~ '^whsec_[A-Za-z0-9+/=]{20,100}$'),
  previous_secret text check (previous_secret ~ '^whsec_[A-Za-z0-9+/=]{20,100}$'),
  previous_expires_at timestamptz
);

-- webhook_deliveries: one per (event, endpoint) ---------------------------------------------------------------

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  -- The webhook-id header: the same for every attempt and every resend, so a receiver drops duplicates.
  event_id text not null check (length(event_id) <= 100),
  endpoint_id uuid not null references public.webhook_endpoints (id) on delete cascade,
  type text not null check (length(type) <= 100),
  -- {type, timestamp, data} as the receiver gets it.
  payload jsonb not null,
  -- pending: owed (or being retried); delivered: a 2xx came back; failed: given up after 3 days; skipped: no
  -- longer true when its turn came (a scheduled post unscheduled).
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed', 'skipped')),
  attempts integer not null default 0,
  last_status_code integer,
  last_error text check (length(last_error) <= 1000),
  created_at timestamptz not null default now(),
  delivered_at timestamptz,
  unique (endpoint_id, event_id)
);

create index webhook_deliveries_endpoint_created_idx on public.webhook_deliveries (endpoint_id, created_at desc);
create index webhook_deliveries_created_idx on public.webhook_deliveries (created_at);

create table public.webhook_delivery_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  status_code integer,
  duration_ms integer not null check (duration_ms >= 0),
  error text check (length(error) <= 1000),
  -- The first 1 KB of what the receiver answered.
  response_body text check (length(response_body) <= 1024)
);

create index webhook_delivery_attempts_delivery_idx on public.webhook_delivery_attempts (delivery_id, attempted_at);

-- Row-level security -------------------------------------------------------------------------------------------

alter table public.webhook_endpoints enable row level security;
alter table public.webhook_endpoint_secrets enable row level security;
alter table public.webhook_deliveries enable row level security;
alter table public.webhook_delivery_attempts enable row level security;

create policy "Editors read webhook endpoints" on public.webhook_endpoints
  for select to authenticated using ((select public.can_publish()));
create policy "Administrators change webhook endpoints" on public.webhook_endpoints
  for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
create policy "Administrators remove webhook endpoints" on public.webhook_endpoints
  for delete to authenticated using ((select public.is_admin()));
create policy "Editors read webhook deliveries" on public.webhook_deliveries
  for select to authenticated using ((select public.can_publish()));
create policy "Editors read webhook delivery attempts" on public.webhook_delivery_attempts
  for select to authenticated using ((select public.can_publish()));

-- New endpoints come with their secret (one transaction, `create_webhook_endpoint`, through the server); only
-- the server writes deliveries; nobody but the server reads a secret.
revoke all on public.webhook_endpoints, public.webhook_endpoint_secrets, public.webhook_deliveries,
  public.webhook_delivery_attempts from anon, authenticated;
grant select, delete on public.webhook_endpoints to authenticated;
grant update (url, events, format, description, enabled) on public.webhook_endpoints to authenticated;
grant select on public.webhook_deliveries, public.webhook_delivery_attempts to authenticated;
grant all on public.webhook_endpoints, public.webhook_endpoint_secrets, public.webhook_deliveries,
  public.webhook_delivery_attempts to service_role;

-- Endpoints and secrets (the server, after checking the caller is an administrator) ----------------------------

-- An endpoint and its first secret in one transaction; refused past p_max endpoints (counted under a lock, so
-- two instances cannot both add the last one).
create or replace function public.create_webhook_endpoint(
  p_url text,
  p_events text[],
  p_format text,
  p_description text,
  p_secret text,
  p_created_by uuid,
  p_max integer
)
returns setof public.webhook_endpoints
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  e public.webhook_endpoints;
begin
  perform pg_advisory_xact_lock(hashtext('public.webhook_endpoints'));
  if (select count(*) from public.webhook_endpoints) >= p_max then
    raise exception 'At most % webhook endpoints can be added. Remove one first.', p_max
      using errcode = 'P0001', hint = 'webhook_endpoint_cap';
  end if;
  insert into public.webhook_endpoints (url, events, format, description, created_by)
  values (p_url, p_events, p_format, coalesce(p_description, ''), p_created_by)
  returning * into e;
  insert into public.webhook_endpoint_secrets (endpoint_id, current_secret) values (e.id, p_secret);
  return next e;
end
$$;

-- A new current secret; the old one keeps signing for p_overlap_seconds. False when there is no such endpoint.
create or replace function public.rotate_webhook_secret(p_endpoint_id uuid, p_secret text, p_overlap_seconds integer)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.webhook_endpoint_secrets
     set previous_secret = current_secret,
         previous_expires_at = now() + make_interval(secs => p_overlap_seconds),
         current_secret = p_secret
   where endpoint_id = p_endpoint_id;
  return found;
end
$$;

-- Deliveries ---------------------------------------------------------------------------------------------------

-- A new event id in the form Standard Webhooks receivers expect (`msg_` and a unique string).
create or replace function public.webhook_event_id() returns text
language sql
volatile
set search_path = ''
as $$
  select 'msg_' || replace(gen_random_uuid()::text, '-', '')
$$;

-- One delivery of the event to one endpoint, and its outbox job (due at p_at), in the caller's transaction.
create or replace function public.queue_webhook_delivery(
  p_endpoint_id uuid,
  p_event_id text,
  p_type text,
  p_data jsonb,
  p_at timestamptz
)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  delivery_id uuid;
begin
  insert into public.webhook_deliveries (event_id, endpoint_id, type, payload)
  values (p_event_id, p_endpoint_id, p_type,
          jsonb_build_object('type', p_type,
                             'timestamp', to_char(coalesce(p_at, now()) at time zone 'UTC',
                                                  'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                             'data', p_data))
  returning id into delivery_id;
  perform public.enqueue_outbox_job('webhook', delivery_id, coalesce(p_at, now()));
  return delivery_id;
end
$$;

-- The event to every enabled endpoint that wants its type (one event id for all of them).
create or replace function public.queue_webhook_event(p_type text, p_data jsonb, p_at timestamptz)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  event_id text := public.webhook_event_id();
  endpoint record;
  n integer := 0;
begin
  for endpoint in
    select id from public.webhook_endpoints where enabled and events @> array[p_type]::text[]
  loop
    perform public.queue_webhook_delivery(endpoint.id, event_id, p_type, p_data, p_at);
    n := n + 1;
  end loop;
  return n;
end
$$;

-- Sends a delivery again with the same webhook-id (the log's "Resend"). False when there is no such delivery.
create or replace function public.resend_webhook_delivery(p_delivery_id uuid)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.webhook_deliveries set status = 'pending', delivered_at = null where id = p_delivery_id;
  if not found then
    return false;
  end if;
  perform public.enqueue_outbox_job('webhook', p_delivery_id, now());
  return true;
end
$$;

-- A delivery as the worker sends it, in one read: the event, its endpoint, and the secrets that sign it now
-- (the current one, and the previous one until its 24 hours are over).
create or replace function public.webhook_delivery_to_send(p_delivery_id uuid)
returns table (
  id uuid,
  event_id text,
  type text,
  status text,
  payload jsonb,
  endpoint_id uuid,
  url text,
  format text,
  enabled boolean,
  description text,
  secrets text[]
)
language sql
stable
security definer
set search_path = ''
as $$
  select d.id, d.event_id, d.type, d.status, d.payload, e.id, e.url, e.format, e.enabled, e.description,
         array_remove(array[s.current_secret,
                            case when s.previous_expires_at > now() then s.previous_secret end], null)
    from public.webhook_deliveries d
    join public.webhook_endpoints e on e.id = d.endpoint_id
    join public.webhook_endpoint_secrets s on s.endpoint_id = e.id
   where d.id = p_delivery_id
$$;

-- One attempt of a delivery, recorded with its outcome in one transaction: delivered (a 2xx), retry (still
-- pending) or failed (given up: the endpoint is paused with p_pause_reason). True when this attempt paused
-- the endpoint (so administrators are told once).
create or replace function public.record_webhook_attempt(
  p_delivery_id uuid,
  p_status_code integer,
  p_duration_ms integer,
  p_error text,
  p_response text,
  p_outcome text,
  p_pause_reason text
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  endpoint uuid;
  paused integer := 0;
begin
  if p_outcome is null or p_outcome not in ('delivered', 'retry', 'failed') then
    raise exception 'The outcome must be delivered, retry or failed.' using errcode = '22023';
  end if;
  update public.webhook_deliveries
     set attempts = attempts + 1,
         last_status_code = p_status_code,
         last_error = left(p_error, 1000),
         status = case p_outcome when 'delivered' then 'delivered' when 'failed' then 'failed' else 'pending' end,
         delivered_at = case when p_outcome = 'delivered' then now() else delivered_at end
   where id = p_delivery_id
  returning endpoint_id into endpoint;
  -- Deleted meanwhile (its endpoint removed): nothing to record.
  if endpoint is null then
    return false;
  end if;
  insert into public.webhook_delivery_attempts (delivery_id, status_code, duration_ms, error, response_body)
  values (p_delivery_id, p_status_code, greatest(p_duration_ms, 0), left(p_error, 1000), left(p_response, 1024));
  if p_outcome = 'failed' then
    update public.webhook_endpoints
       set enabled = false, paused_reason = left(coalesce(p_pause_reason, p_error), 1000), paused_at = now()
     where id = endpoint and enabled;
    get diagnostics paused = row_count;
  end if;
  return paused = 1;
end
$$;

-- Deliveries are kept 30 days (their attempts and their outbox jobs go with them).
create or replace function public.delete_old_webhook_deliveries(p_before timestamptz)
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  n integer;
begin
  delete from public.webhook_deliveries where created_at < p_before;
  get diagnostics n = row_count;
  -- Queue entries whose delivery is gone (kept its time, or its endpoint removed).
  delete from public.outbox_jobs j
   where j.queue = 'webhook'
     and not exists (select 1 from public.webhook_deliveries d where d.id = j.subject_id);
  return n;
end
$$;

-- Events, recorded by the database in the transaction of their cause ------------------------------------------

-- What a receiver learns of a lead: its fields, where it came from and its public id; nothing internal
-- (no claims, attempts, idempotency key or owner's account id).
create or replace function public.webhook_lead_data(p_lead_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'id', l.id,
    'name', l.name,
    'email', l.email,
    'phone', l.phone,
    'requirement', l.requirement,
    'techStack', l.tech_stack,
    'status', l.status,
    'notes', l.notes,
    'owner', (select jsonb_build_object('email', e.email) from public.editors e where e.user_id = l.owner_id),
    'createdAt', l.created_at,
    'attribution', jsonb_build_object(
      'landingPath', l.landing_path,
      'referrerHost', l.referrer_host,
      'utmSource', l.utm_source,
      'utmMedium', l.utm_medium,
      'utmCampaign', l.utm_campaign))
    from public.leads l
   where l.id = p_lead_id
$$;

create or replace function public.webhook_lead_created() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.queue_webhook_event('lead.created', public.webhook_lead_data(new.id), null);
  return null;
end
$$;

create trigger webhook_lead_created after insert on public.leads
for each row execute function public.webhook_lead_created();

create or replace function public.webhook_lead_updated() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed text[] := array[]::text[];
begin
  if new.status is distinct from old.status then changed := changed || 'status'::text; end if;
  if new.owner_id is distinct from old.owner_id then changed := changed || 'owner'::text; end if;
  if new.notes is distinct from old.notes then changed := changed || 'notes'::text; end if;
  if cardinality(changed) > 0 then
    perform public.queue_webhook_event('lead.updated',
      public.webhook_lead_data(new.id) || jsonb_build_object('changed', to_jsonb(changed)), null);
  end if;
  return null;
end
$$;

create trigger webhook_lead_updated after update of status, owner_id, notes on public.leads
for each row execute function public.webhook_lead_updated();

-- A post becomes published when it is saved as published, or (scheduled) when its time comes: that delivery
-- waits until publish_at and is skipped if the post is no longer scheduled for that time when it is due.
create or replace function public.webhook_post_published() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  at timestamptz;
begin
  -- A post unscheduled or moved to another time: its waiting announcement is no longer true.
  if tg_op = 'UPDATE' and old.status = 'scheduled' and old.publish_at > now()
     and (new.status <> 'scheduled' or new.publish_at is distinct from old.publish_at) then
    update public.webhook_deliveries
       set status = 'skipped'
     where type = 'post.published' and status = 'pending'
       and payload -> 'data' ->> 'id' = new.id::text
       and (payload ->> 'timestamp')::timestamptz > now();
  end if;
  if new.status = 'published'
     and (tg_op = 'INSERT' or old.status is distinct from 'published')
     and not (tg_op = 'UPDATE' and old.status = 'scheduled' and old.publish_at <= now()) then
    at := null;
  elsif new.status = 'scheduled'
     and (tg_op = 'INSERT' or old.status is distinct from 'scheduled' or old.publish_at is distinct from new.publish_at) then
    at := greatest(new.publish_at, now());
  else
    return null;
  end if;
  perform public.queue_webhook_event('post.published', jsonb_build_object(
    'id', new.id,
    'slug', new.slug,
    'title', new.title,
    'type', new.type,
    'excerpt', new.excerpt,
    'author', new.author,
    'tags', to_jsonb(new.tags),
    'path', '/post/' || new.slug,
    'coverImageUrl', new.cover_image_url,
    'publishedAt', coalesce(case when new.status = 'scheduled' then new.publish_at end, now())), at);
  return null;
end
$$;

create trigger webhook_post_published after insert or update of status, publish_at on public.blogs
for each row execute function public.webhook_post_published();

create or replace function public.webhook_newsletter_sent() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.finished_at is not null and (tg_op = 'INSERT' or old.finished_at is null) then
    perform public.queue_webhook_event('newsletter.sent', jsonb_build_object(
      'id', new.id,
      'slug', new.slug,
      'subject', new.subject,
      'recipientCount', new.recipient_count,
      'finishedAt', new.finished_at), null);
  end if;
  return null;
end
$$;

create trigger webhook_newsletter_sent after insert or update of finished_at on public.newsletter_sends
for each row execute function public.webhook_newsletter_sent();

-- Function privileges (see 20261203110000): the server's own functions for the service role alone; trigger
-- functions and helpers for nobody.
revoke execute on function
  public.create_webhook_endpoint(text, text[], text, text, text, uuid, integer),
  public.rotate_webhook_secret(uuid, text, integer),
  public.queue_webhook_delivery(uuid, text, text, jsonb, timestamptz),
  public.queue_webhook_event(text, jsonb, timestamptz),
  public.resend_webhook_delivery(uuid),
  public.webhook_delivery_to_send(uuid),
  public.record_webhook_attempt(uuid, integer, integer, text, text, text, text),
  public.delete_old_webhook_deliveries(timestamptz),
  public.webhook_event_id(),
  public.webhook_lead_data(uuid)
  from public, anon, authenticated;
grant execute on function
  public.create_webhook_endpoint(text, text[], text, text, text, uuid, integer),
  public.rotate_webhook_secret(uuid, text, integer),
  public.queue_webhook_delivery(uuid, text, text, jsonb, timestamptz),
  public.queue_webhook_event(text, jsonb, timestamptz),
  public.resend_webhook_delivery(uuid),
  public.webhook_delivery_to_send(uuid),
  public.record_webhook_attempt(uuid, integer, integer, text, text, text, text),
  public.delete_old_webhook_deliveries(timestamptz),
  public.webhook_event_id(),
  public.webhook_lead_data(uuid)
  to service_role;
revoke execute on function
  public.webhook_endpoints_stamp(),
  public.webhook_lead_created(),
  public.webhook_lead_updated(),
  public.webhook_post_published(),
  public.webhook_newsletter_sent()
  from public, anon, authenticated, service_role;
