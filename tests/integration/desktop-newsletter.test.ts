import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dispatchDesktopCall } from '../../desktop/main/api-handlers.ts'
import { openDesktop, type DesktopUnderTest } from '../support/desktop.ts'
import { insertPost, runNewsletterOutbox, subscribe, subscribeAndConfirm } from '../support/newsletter.ts'
import { capturedMail, startTestServer, testEditor, type TestServer } from '../support/server.ts'

/** The desktop sends a newsletter and works the subscriber list through main, against the real server. */
describe('the newsletter from the desktop', { timeout: 180_000 }, () => {
  let server: TestServer
  let desktop: DesktopUnderTest
  const call = (method: string, ...args: unknown[]) =>
    dispatchDesktopCall(desktop.backend, method, args, () => undefined)

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' })
    desktop = await openDesktop({ siteUrl: server.url })
    await subscribeAndConfirm(server, 'ada@example.com')
    await subscribeAndConfirm(server, 'grace@example.com')
    await subscribe(server, 'pending@example.com')
    await insertPost(server.ctx.localSupabase!.db, 'desk-issue')
  }, 180_000)
  afterAll(async () => {
    await desktop?.destroy()
    await server?.stop()
  })

  it('sends a test, then the post once, and follows its progress', async () => {
    await desktop.backend.signIn(testEditor.email, testEditor.password)
    expect(await call('getNewsletterStatus', 'desk-issue')).toEqual({ recipientCount: 2, send: null })

    expect(await call('sendNewsletterTest', 'desk-issue')).toEqual({ to: testEditor.email })
    const test = (await capturedMail(server)).filter((m) => m.subject === '[Test] Hiring in Pune: desk-issue')
    expect(test.map((m) => m.to)).toEqual([testEditor.email])

    const started = (await call('sendNewsletter', 'desk-issue')) as { created: boolean }
    expect(started).toMatchObject({ created: true, send: { recipientCount: 2 } })
    await runNewsletterOutbox(server.url, server.ctx.supabase.serviceRoleKey)
    expect(await call('getNewsletterStatus', 'desk-issue')).toMatchObject({
      send: { sent: 2, pending: 0, failed: 0 },
    })
    expect(await call('sendNewsletter', 'desk-issue')).toMatchObject({ created: false, send: { sent: 2 } })
    expect((await call('listNewsletterSends')) as unknown[]).toHaveLength(1)
    // The contract refuses what is not a slug before main does anything.
    await expect(call('sendNewsletter', '../etc')).rejects.toThrow(/Invalid arguments for sendNewsletter/)
  })

  it('lists, exports and removes subscribers (administrators)', async () => {
    const page = (await call('listSubscribers', { status: 'confirmed' })) as {
      subscribers: { id: string; email: string }[]
      recipientCount: number
    }
    expect(page.subscribers.map((s) => s.email).sort()).toEqual(['ada@example.com', 'grace@example.com'])
    expect(page.recipientCount).toBe(2)
    const csv = (await call('exportSubscribersCsv', { status: 'pending' })) as string
    expect(csv.trimEnd().split('\r\n').slice(1)).toEqual([
      expect.stringMatching(/^pending@example\.com,pending,/),
    ])

    const ada = page.subscribers.find((s) => s.email === 'ada@example.com')!
    await call('removeSubscriber', ada.id)
    const after = (await call('listSubscribers', {})) as { subscribers: { email: string }[] }
    expect(after.subscribers.map((s) => s.email)).not.toContain('ada@example.com')
  })
})
