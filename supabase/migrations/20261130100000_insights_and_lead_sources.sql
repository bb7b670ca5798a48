-- Insights: first-party, cookieless counting of the public pages, and where each lead came from.
--
-- Nothing here identifies a visitor. A visitor of a day is a hash the server makes of that day's salt, the
-- site's host, the client address and the user agent (as Plausible does); the salt lives here so every
-- server instance makes the same hash, and it is deleted once its day is over, after which no hash can be
-- recomputed or linked to the next day's. No address, user agent or cookie is stored. Visit-days (the hash,
-- the landing page, the referrer host and the UTM fields) are kept 30 days; what Insights shows is counted
-- per day in small aggregate tables. Only the server writes (service role, through record_page_view);
-- editors and administrators read the aggregates.

-- leads: where the visitor came from (the first page of the visit) ----------------------------------------

alter table public.leads
  add column landing_path text check (length(landing_path) <= 300),
  add column referrer_host text check (length(referrer_host) <= 253),
  add column utm_source text check (length(utm_source) <= 100),
  add column utm_medium text check (length(utm_medium) <= 100),
  add column utm_campaign text check (length(utm_campaign) <= 100);

-- the day's salt ---------------------------------------------------------------------------------------

create table public.analytics_salts (
  day date primary key,
  salt text not null
);

alter table public.analytics_salts enable row level security;
revoke all on public.analytics_salts from anon, authenticated;
grant all on public.analytics_salts to service_role;

-- Today's salt (UTC, the database's clock, so instances agree), made by the first caller of the day; every
-- earlier salt is deleted at the same time, so yesterday's hashes can no longer be made.
create or replace function public.analytics_salt()
returns table (day date, salt text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  d date := (now() at time zone 'utc')::date;
begin
  delete from public.analytics_salts as s where s.day < d;
  insert into public.analytics_salts as s (day, salt)
  values (d, replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''))
  on conflict on constraint analytics_salts_pkey do nothing;
  return query select s.day, s.salt from public.analytics_salts as s where s.day = d;
end
$$;

-- visit-days: one row per visitor hash and day, kept 30 days ----------------------------------------------

create table public.analytics_visits (
  day date not null,
  visitor text not null check (length(visitor) <= 64),
  landing_path text not null check (length(landing_path) <= 300),
  referrer_host text not null default '' check (length(referrer_host) <= 253),
  utm_source text not null default '' check (length(utm_source) <= 100),
  utm_medium text not null default '' check (length(utm_medium) <= 100),
  utm_campaign text not null default '' check (length(utm_campaign) <= 100),
  -- The pages this visitor saw that day (at most 100), so each page counts a visitor once.
  paths text[] not null default '{}',
  views integer not null default 0,
  primary key (day, visitor)
);

alter table public.analytics_visits enable row level security;
revoke all on public.analytics_visits from anon, authenticated;
grant all on public.analytics_visits to service_role;

-- aggregates per day: what Insights reads ---------------------------------------------------------------

create table public.analytics_daily (
  day date primary key,
  views integer not null default 0,
  visitors integer not null default 0,
  -- Visitors who opened /get-started that day (the funnel's middle step).
  get_started_visitors integer not null default 0
);

create table public.analytics_daily_pages (
  day date not null,
  path text not null check (length(path) <= 300),
  views integer not null default 0,
  visitors integer not null default 0,
  primary key (day, path)
);

create table public.analytics_daily_sources (
  day date not null,
  referrer_host text not null default '',
  utm_source text not null default '',
  utm_medium text not null default '',
  utm_campaign text not null default '',
  visitors integer not null default 0,
  primary key (day, referrer_host, utm_source, utm_medium, utm_campaign)
);

alter table public.analytics_daily enable row level security;
alter table public.analytics_daily_pages enable row level security;
alter table public.analytics_daily_sources enable row level security;
revoke all on public.analytics_daily, public.analytics_daily_pages, public.analytics_daily_sources
  from anon, authenticated;
grant select on public.analytics_daily, public.analytics_daily_pages, public.analytics_daily_sources
  to authenticated;
grant all on public.analytics_daily, public.analytics_daily_pages, public.analytics_daily_sources
  to service_role;

create policy "Editors read insights" on public.analytics_daily
  for select to authenticated using ((select public.can_publish()));
create policy "Editors read insights" on public.analytics_daily_pages
  for select to authenticated using ((select public.can_publish()));
create policy "Editors read insights" on public.analytics_daily_sources
  for select to authenticated using ((select public.can_publish()));

-- counting one view --------------------------------------------------------------------------------------

-- Counts one view of p_path by p_visitor today: the visit-day (its landing page, referrer host and UTM fields
-- come from its first view), the day, the page and, for a new visit, its source. A post counts only while
-- visitors can read it, so made-up paths add no rows. Answers whether the view was counted.
create or replace function public.record_page_view(
  p_visitor text,
  p_path text,
  p_referrer_host text,
  p_utm_source text,
  p_utm_medium text,
  p_utm_campaign text
)
returns boolean
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  d date := (now() at time zone 'utc')::date;
  new_visit boolean;
  new_path boolean;
  seen text[];
begin
  if p_path like '/post/%'
     and not exists (select 1 from public.published_blogs as b where b.slug = substr(p_path, 7)) then
    return false;
  end if;

  insert into public.analytics_visits as v
    (day, visitor, landing_path, referrer_host, utm_source, utm_medium, utm_campaign, paths, views)
  values (d, p_visitor, p_path, coalesce(p_referrer_host, ''), coalesce(p_utm_source, ''),
          coalesce(p_utm_medium, ''), coalesce(p_utm_campaign, ''), array[p_path], 1)
  on conflict on constraint analytics_visits_pkey do nothing;
  new_visit := found;

  if new_visit then
    new_path := true;
  else
    select v.paths into seen from public.analytics_visits as v
     where v.day = d and v.visitor = p_visitor for update;
    new_path := not (p_path = any(seen)) and cardinality(seen) < 100;
    update public.analytics_visits as v
       set views = v.views + 1,
           paths = case when new_path then v.paths || p_path else v.paths end
     where v.day = d and v.visitor = p_visitor;
  end if;

  insert into public.analytics_daily as a (day, views, visitors, get_started_visitors)
  values (d, 1, new_visit::integer, (new_path and p_path = '/get-started')::integer)
  on conflict on constraint analytics_daily_pkey do update
     set views = a.views + 1,
         visitors = a.visitors + excluded.visitors,
         get_started_visitors = a.get_started_visitors + excluded.get_started_visitors;

  insert into public.analytics_daily_pages as a (day, path, views, visitors)
  values (d, p_path, 1, new_path::integer)
  on conflict on constraint analytics_daily_pages_pkey do update
     set views = a.views + 1, visitors = a.visitors + excluded.visitors;

  if new_visit then
    insert into public.analytics_daily_sources as a
      (day, referrer_host, utm_source, utm_medium, utm_campaign, visitors)
    values (d, coalesce(p_referrer_host, ''), coalesce(p_utm_source, ''), coalesce(p_utm_medium, ''),
            coalesce(p_utm_campaign, ''), 1)
    on conflict on constraint analytics_daily_sources_pkey do update set visitors = a.visitors + 1;
  end if;

  -- Now and then, drop visit-days older than 30 days.
  if random() < 0.01 then
    delete from public.analytics_visits as v where v.day < d - 30;
  end if;
  return true;
end
$$;

-- Today's visit-day of p_visitor: where a lead sent without JavaScript came from.
create or replace function public.visit_source(p_visitor text)
returns table (landing_path text, referrer_host text, utm_source text, utm_medium text, utm_campaign text)
language sql
stable
security definer
set search_path = ''
as $$
  select v.landing_path, v.referrer_host, v.utm_source, v.utm_medium, v.utm_campaign
    from public.analytics_visits as v
   where v.day = (now() at time zone 'utc')::date and v.visitor = p_visitor
$$;

revoke execute on function public.analytics_salt() from public, anon, authenticated;
revoke execute on function public.record_page_view(text, text, text, text, text, text)
  from public, anon, authenticated;
revoke execute on function public.visit_source(text) from public, anon, authenticated;
grant execute on function public.analytics_salt() to service_role;
grant execute on function public.record_page_view(text, text, text, text, text, text) to service_role;
grant execute on function public.visit_source(text) to service_role;

-- the report Insights shows -------------------------------------------------------------------------------

-- The last p_days days (UTC, today included) as one JSON document. Security invoker: row-level security
-- decides, so anyone but an editor or administrator gets only zeros.
create or replace function public.insights_report(p_days integer)
returns json
language sql
stable
security invoker
set search_path = ''
as $$
  with bounds as (
    select (now() at time zone 'utc')::date - (least(greatest(p_days, 1), 366) - 1) as first_day,
           (now() at time zone 'utc')::date as last_day
  ),
  days as (
    select g::date as day from bounds, generate_series(bounds.first_day, bounds.last_day, interval '1 day') as g
  ),
  series as (
    select d.day, coalesce(a.views, 0) as views, coalesce(a.visitors, 0) as visitors,
           coalesce(a.get_started_visitors, 0) as get_started_visitors
      from days as d left join public.analytics_daily as a on a.day = d.day
  ),
  pages as (
    select p.path, sum(p.views)::integer as views, sum(p.visitors)::integer as visitors
      from public.analytics_daily_pages as p, bounds
     where p.day between bounds.first_day and bounds.last_day
     group by p.path
  ),
  sources as (
    select s.* from public.analytics_daily_sources as s, bounds
     where s.day between bounds.first_day and bounds.last_day
  ),
  period_leads as (
    select l.* from public.leads as l, bounds
     where l.created_at >= bounds.first_day and l.created_at < bounds.last_day + 1
  )
  select json_build_object(
    'days', (select least(greatest(p_days, 1), 366)),
    'firstDay', (select first_day from bounds),
    'lastDay', (select last_day from bounds),
    'series', (select coalesce(json_agg(json_build_object('day', day, 'views', views, 'visitors', visitors)
                                        order by day), '[]') from series),
    'views', (select coalesce(sum(views), 0) from series),
    'visitors', (select coalesce(sum(visitors), 0) from series),
    'getStartedVisitors', (select coalesce(sum(get_started_visitors), 0) from series),
    'leads', (select count(*) from period_leads),
    'topPages', (select coalesce(json_agg(t), '[]') from (
        select path, views, visitors from pages where path not like '/post/%'
         order by views desc, path limit 10) as t),
    'topPosts', (select coalesce(json_agg(t), '[]') from (
        select p.path, b.title, p.views, p.visitors from pages as p
          left join public.blogs as b on b.slug = substr(p.path, 7)
         where p.path like '/post/%'
         order by p.views desc, p.path limit 10) as t),
    'topReferrers', (select coalesce(json_agg(t), '[]') from (
        select referrer_host as host, sum(visitors)::integer as visitors from sources
         where referrer_host <> '' group by referrer_host
         order by visitors desc, host limit 10) as t),
    'topCampaigns', (select coalesce(json_agg(t), '[]') from (
        select utm_campaign as campaign, utm_source as source, utm_medium as medium,
               sum(visitors)::integer as visitors from sources
         where utm_campaign <> '' or utm_source <> ''
         group by utm_campaign, utm_source, utm_medium
         order by visitors desc, campaign limit 10) as t),
    'leadsBySource', (select coalesce(json_agg(t), '[]') from (
        select coalesce(nullif(utm_source, ''), nullif(referrer_host, ''), '') as source,
               count(*)::integer as leads
          from period_leads group by 1 order by leads desc, source limit 20) as t)
  )
$$;

revoke execute on function public.insights_report(integer) from public, anon;
grant execute on function public.insights_report(integer) to authenticated, service_role;
