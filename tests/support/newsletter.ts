import type { PGlite } from '@electric-sql/pglite'
import { createNodeSupabaseClient } from '../../shared/data/node-client.ts'
import { capturedMail, testEditor, type TestServer } from './server.ts'

/** Newsletter fixtures for tests: subscribers through the real double opt-in, posts, sign-ins. */

let nextIp = 1
/** Each subscription from its own client address (the server must run with TRUST_PROXY=1). */
const clientAddress = () => `198.51.100.${nextIp++ % 250}`

/** Subscribes an address through `POST /api/newsletter` (it stays unconfirmed). */
export async function subscribe(server: TestServer, email: string): Promise<void> {
  const res = await fetch(`${server.url}/api/newsletter`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': clientAddress() },
    body: JSON.stringify({ email }),
  })
  if (res.status !== 200) throw new Error(`subscribing ${email} answered ${res.status}`)
}

/** Subscribes and clicks the confirmation link's button, as a reader would. */
export async function subscribeAndConfirm(server: TestServer, email: string): Promise<void> {
  await subscribe(server, email)
  const mail = (await capturedMail(server)).find((m) => m.to === email && /Confirm/.test(m.subject))
  if (!mail) throw new Error(`no confirmation mail for ${email}`)
  const token = new URL(/Confirm my subscription: (\S+)/.exec(mail.text)![1]).searchParams.get('token')!
  const res = await fetch(`${server.url}/api/newsletter/confirm`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  })
  if (res.status !== 200) throw new Error(`confirming ${email} answered ${res.status}`)
}

/** `count` confirmed subscribers written straight into the database (for volume tests). */
export async function insertConfirmedSubscribers(
  db: PGlite,
  prefix: string,
  count: number,
): Promise<string[]> {
  const { rows } = await db.query<{ email: string }>(
    `with added as (
       insert into public.newsletter_subscribers (email, confirmed_at)
       select $1 || '.' || i || '@example.com', now() from generate_series(1, $2::int) as i
       returning id, email
     ), tokens as (
       insert into public.newsletter_unsubscribe_tokens (subscriber_id, token)
       select id, md5(random()::text) || md5(id::text) from added
     )
     select email from added`,
    [prefix, count],
  )
  return rows.map((r) => r.email)
}

/** A post written straight into the database (published unless said otherwise). */
export async function insertPost(
  db: PGlite,
  slug: string,
  extra: { status?: 'published' | 'draft' | 'scheduled'; publishAt?: string; cover?: string } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.blogs (title, slug, author, content, excerpt, status, publish_at, cover_image_url)
     values ($1, $2, 'Asha Rao', $3, $4, $5, $6, $7) returning id`,
    [
      `Hiring in Pune: ${slug}`,
      slug,
      `<p>How we built a team of twelve in four weeks (${slug}).</p>`,
      `Twelve engineers in four weeks: what worked (${slug}).`,
      extra.status ?? 'published',
      extra.publishAt ?? null,
      extra.cover ?? null,
    ],
  )
  return rows[0].id
}

/** An access token of the test editor (an administrator: the first editor). */
export async function editorToken(server: TestServer, who = testEditor): Promise<string> {
  const client = createNodeSupabaseClient(server.url, server.ctx.supabase.anonKey, {
    persistSession: false,
    autoRefreshToken: false,
  })
  const { data, error } = await client.auth.signInWithPassword(who)
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`)
  return data.session.access_token
}

/** A signed-in person with this role (added as an editor, then given the role). */
export async function tokenWithRole(
  server: TestServer,
  email: string,
  role: 'admin' | 'editor' | 'contributor',
): Promise<string> {
  const password = 'a-long-enough-password-for-tests'
  await server.ctx.localSupabase!.ensureEditor(email, password)
  await server.ctx.localSupabase!.db.query('update public.editors set role = $2 where email = $1', [
    email,
    role,
  ])
  return editorToken(server, { email, password })
}

/** `POST /api/newsletter/send {slug}` (or `/test`) with a bearer token. */
export function sendNewsletter(server: TestServer, token: string | null, body: unknown, path = 'send') {
  return fetch(`${server.url}/api/newsletter/${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  })
}

/** Delivers every pending newsletter delivery now (`POST /api/dev/outbox/newsletter/run`). */
export async function runNewsletterOutbox(url: string, serviceRoleKey: string) {
  const res = await fetch(`${url}/api/dev/outbox/newsletter/run`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${serviceRoleKey}` },
  })
  if (!res.ok) throw new Error(`newsletter outbox run answered ${res.status}`)
  return (await res.json()) as { processed: number; sent: number }
}
