-- Nobody can use the site to mail anyone: newsletter subscriptions are confirmed by a link (double opt-in),
-- every newsletter mail can be unsubscribed from with one click, and lead confirmations held back by the
-- hourly cap are recorded as such (the sales notification still goes out).

-- newsletter_subscribers: double opt-in and unsubscribe ------------------------------------------------------

alter table public.newsletter_subscribers
  -- sha256 of the token in the last confirmation link (the token itself is only in that email).
  add column confirm_token_hash text unique,
  add column confirmed_at timestamptz,
  -- The token of the subscriber's unsubscribe link; it only lets its holder unsubscribe this address.
  add column unsubscribe_token text unique,
  add column unsubscribed_at timestamptz;

-- Addresses collected before double opt-in never clicked a link: they stay unconfirmed, so they do not
-- count and receive nothing until they subscribe again and confirm.

-- Who may receive the newsletter: confirmed and not unsubscribed. security_invoker: the table's policies
-- apply (editors read, the service role reads everything), so the view shows nobody else anything.
create view public.newsletter_recipients
with (security_invoker = true)
as
select id, email, confirmed_at, unsubscribe_token
  from public.newsletter_subscribers
 where confirmed_at is not null and unsubscribed_at is null;

comment on view public.newsletter_recipients is
  'Confirmed, subscribed addresses: the only ones that count and the only ones a newsletter goes to.';

revoke all on public.newsletter_recipients from anon, authenticated, service_role;
grant select on public.newsletter_recipients to authenticated, service_role;

-- leads: a confirmation the hourly cap held back is done, not owed -------------------------------------------

alter table public.leads add column confirmation_skipped_at timestamptz;

comment on column public.leads.confirmation_skipped_at is
  'Set when the visitor confirmation was not sent because the hourly cap on confirmation mail was reached.';
