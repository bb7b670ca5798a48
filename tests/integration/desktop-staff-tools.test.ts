import { describe, expect, it } from 'vitest'
import { desktopAgainstTestServer } from '../support/desktop-server.ts'
import { submitLead as submitLeadTo } from '../support/leads.ts'
import { capturedMail, testEditor } from '../support/server.ts'

/** The desktop's Leads and Email test screens call main, which talks to the real server. */
describe('desktop staff tools', { timeout: 180_000 }, () => {
  const running = desktopAgainstTestServer()

  async function submitLead(name: string, email: string) {
    expect((await submitLeadTo(running.server.url, name, email)).status).toBe(201)
  }

  it('shows stored leads to a signed-in editor only, newest first, and searches them', async () => {
    await submitLead('Priya Older', 'priya@startup.example')
    await submitLead('Marcus Newer', 'marcus@scaleup.example')

    // Signed out, RLS shows nothing.
    expect((await running.desktop.backend.listLeads({})).leads).toEqual([])

    await running.desktop.backend.signIn(testEditor.email, testEditor.password)
    const all = await running.desktop.backend.listLeads({})
    expect(all.leads.map((l) => l.name)).toEqual(['Marcus Newer', 'Priya Older'])
    expect(all.leads[0]).toMatchObject({ email: 'marcus@scaleup.example', techStack: 'Go, Postgres' })
    expect(all.leads[0].confirmationSentAt).not.toBeNull()

    const found = await running.desktop.backend.listLeads({ search: 'PRIYA' })
    expect(found.leads.map((l) => l.name)).toEqual(['Priya Older'])
  })

  it('says in words that leads need the network', async () => {
    running.desktop.network.up = false
    try {
      await expect(running.desktop.backend.listLeads({})).rejects.toThrow(
        'Leads are read from the server: connect to the network to see them.',
      )
    } finally {
      running.desktop.network.up = true
    }
  })

  it('checks the email service and sends a test email as the signed-in editor', async () => {
    const health = await running.desktop.backend.checkEmailService()
    expect(health).toMatchObject({ available: true, status: 200, message: 'Available' })

    expect((await running.desktop.backend.sendTestEmail('')).message).toBe('Please enter an email address')
    const sent = await running.desktop.backend.sendTestEmail('support@meridian.example')
    expect(sent).toMatchObject({ success: true, message: 'Test email sent successfully!' })
    const mail = await capturedMail(running.server)
    expect(mail.some((m) => m.to.includes('support@meridian.example'))).toBe(true)
  })

  it('reports a site address that is not a Meridian site', async () => {
    const settings = await running.desktop.backend.saveSettings({ siteUrl: 'http://127.0.0.1:9/' })
    expect(settings.connected).toBe(false)
    expect(settings.connectionError).toBe('The site http://127.0.0.1:9 cannot be reached.')
    const back = await running.desktop.backend.saveSettings({ siteUrl: running.server.url })
    expect(back).toMatchObject({ connected: true, connectionError: null })
  })
})
