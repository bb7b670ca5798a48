import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDesktop, type DesktopUnderTest } from '../support/desktop.ts'
import { capturedMail, startTestServer, testEditor, type TestServer } from '../support/server.ts'

/** The desktop's Leads and Email test screens call main, which talks to the real server. */
describe('desktop staff tools', { timeout: 180_000 }, () => {
  let server: TestServer
  let desktop: DesktopUnderTest

  beforeAll(async () => {
    server = await startTestServer()
    desktop = await openDesktop({ siteUrl: server.url })
  }, 180_000)
  afterAll(async () => {
    await desktop?.destroy()
    await server?.stop()
  })

  async function submitLead(name: string, email: string) {
    const res = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name,
        email,
        phone: '+1 415 555 0100',
        requirement: 'Five backend engineers in Pune',
        techStack: 'Go, Postgres',
      }),
    })
    expect(res.status).toBe(201)
  }

  it('shows stored leads to a signed-in editor only, newest first, and searches them', async () => {
    await submitLead('Priya Older', 'priya@startup.example')
    await submitLead('Marcus Newer', 'marcus@scaleup.example')

    // Signed out, RLS shows nothing.
    expect((await desktop.backend.listLeads({})).leads).toEqual([])

    await desktop.backend.signIn(testEditor.email, testEditor.password)
    const all = await desktop.backend.listLeads({})
    expect(all.leads.map((l) => l.name)).toEqual(['Marcus Newer', 'Priya Older'])
    expect(all.leads[0]).toMatchObject({ email: 'marcus@scaleup.example', techStack: 'Go, Postgres' })
    expect(all.leads[0].confirmationSentAt).not.toBeNull()

    const found = await desktop.backend.listLeads({ search: 'PRIYA' })
    expect(found.leads.map((l) => l.name)).toEqual(['Priya Older'])
  })

  it('says in words that leads need the network', async () => {
    desktop.network.up = false
    try {
      await expect(desktop.backend.listLeads({})).rejects.toThrow(
        'Leads are read from the server: connect to the network to see them.',
      )
    } finally {
      desktop.network.up = true
    }
  })

  it('checks the email service and sends a test email as the signed-in editor', async () => {
    const health = await desktop.backend.checkEmailService()
    expect(health).toMatchObject({ available: true, status: 200, message: 'Available' })

    expect((await desktop.backend.sendTestEmail('')).message).toBe('Please enter an email address')
    const sent = await desktop.backend.sendTestEmail('support@meridian.example')
    expect(sent).toMatchObject({ success: true, message: 'Test email sent successfully!' })
    const mail = await capturedMail(server)
    expect(mail.some((m) => m.to.includes('support@meridian.example'))).toBe(true)
  })

  it('reports a site address that is not a Meridian site', async () => {
    const settings = await desktop.backend.saveSettings('http://127.0.0.1:9/')
    expect(settings.connected).toBe(false)
    expect(settings.connectionError).toBe('The site http://127.0.0.1:9 cannot be reached.')
    const back = await desktop.backend.saveSettings(server.url)
    expect(back).toMatchObject({ connected: true, connectionError: null })
  })
})
