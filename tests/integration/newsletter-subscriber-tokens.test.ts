import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '../../shared/data/client.ts'
import { addNewsletterSubscriber } from '../../shared/data/newsletter.ts'
import { countNewsletterRecipients } from '../../shared/data/newsletter-sends.ts'
import {
  exportSubscribersCsv,
  listSubscribers,
  removeSubscriber,
} from '../../shared/data/newsletter-subscribers.ts'
import { signInActors, type Actor } from '../support/rls-actors.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

// A subscriber's unsubscribe token is what their unsubscribe link carries: whoever reads it can take them off
// the list. Editors see the list (address, status, dates); only administrators, who may remove subscribers
// anyway, and the server read the tokens. Each actor reads back what it can, as in the RLS tests.

let server: TestServer
let clients: Record<Actor, SupabaseClient>

beforeAll(async () => {
  server = await startTestServer()
  ;({ clients } = await signInActors(server))
}, 180_000)

afterAll(async () => {
  await server?.stop()
})

/** A confirmed subscriber, added by the server's own code (service role) with its token. */
async function confirmedSubscriber() {
  const email = `token-reader-${randomUUID()}@example.com`
  const token = `unsubscribe-${randomUUID()}`
  const { subscriber } = await addNewsletterSubscriber(clients.service, email, token)
  const { error } = await clients.service
    .from('newsletter_subscribers')
    .update({ confirmed_at: new Date().toISOString() })
    .eq('id', subscriber.id)
  if (error) throw error
  return { id: subscriber.id, email, token }
}

/** Everything `actor` can read about the subscriber, from every table and view that names subscribers. */
async function everythingReadable(actor: Actor, reader: { id: string }) {
  const client = clients[actor]
  const reads = await Promise.all([
    client.from('newsletter_subscribers').select('*').eq('id', reader.id),
    client.from('newsletter_recipients').select('*').eq('id', reader.id),
    client.from('newsletter_unsubscribe_tokens').select('*').eq('subscriber_id', reader.id),
  ])
  return reads.map((r) => r.data ?? [])
}

describe('unsubscribe tokens', () => {
  it('an editor reads the subscriber but not their unsubscribe token', async () => {
    const reader = await confirmedSubscriber()
    const [subscribers, recipients, tokens] = await everythingReadable('editor', reader)
    expect(subscribers).toEqual([expect.objectContaining({ id: reader.id, email: reader.email })])
    expect(recipients).toEqual([expect.objectContaining({ id: reader.id, email: reader.email })])
    expect(JSON.stringify([subscribers, recipients, tokens])).not.toContain(reader.token)
  })

  it('an administrator and the server read the token', async () => {
    const reader = await confirmedSubscriber()
    for (const actor of ['admin', 'service'] as const) {
      const { data, error } = await clients[actor]
        .from('newsletter_unsubscribe_tokens')
        .select('subscriber_id, token')
        .eq('subscriber_id', reader.id)
      expect({ actor, error, data }).toEqual({
        actor,
        error: null,
        data: [{ subscriber_id: reader.id, token: reader.token }],
      })
    }
  })

  it('visitors, signed-in non-editors and contributors read neither the subscriber nor the token', async () => {
    const reader = await confirmedSubscriber()
    for (const actor of ['anon', 'member', 'contributor'] as const) {
      expect({ actor, read: await everythingReadable(actor, reader) }).toEqual({ actor, read: [[], [], []] })
    }
  })

  it('the Newsletter screen still works for editors and administrators (list, count, export; admins remove)', async () => {
    const reader = await confirmedSubscriber()
    for (const actor of ['editor', 'admin'] as const) {
      const page = await listSubscribers(clients[actor], { search: reader.email })
      expect(page.subscribers).toEqual([expect.objectContaining({ id: reader.id, email: reader.email })])
      expect(page.recipientCount).toBeGreaterThanOrEqual(1)
      expect(await countNewsletterRecipients(clients[actor])).toBe(page.recipientCount)
      const csv = await exportSubscribersCsv(clients[actor], { search: reader.email })
      expect(csv).toContain(reader.email)
      expect(csv).not.toContain(reader.token)
    }
    await expect(removeSubscriber(clients.editor, reader.id)).rejects.toThrow(/only administrators/)
    await removeSubscriber(clients.admin, reader.id)
    const gone = await clients.service.from('newsletter_subscribers').select('id').eq('id', reader.id)
    expect(gone.data).toEqual([])
    const token = await clients.service
      .from('newsletter_unsubscribe_tokens')
      .select('token')
      .eq('token', reader.token)
    expect(token.data).toEqual([])
  })
})
