import { useCallback } from 'react'
import { AdminScreen } from '@shared/admin/AdminScreen.tsx'
import { EmailTestTool, type TestSendOutcome } from '@shared/admin/email-test/EmailTestTool.tsx'
import type { EmailServiceCheck } from '@shared/admin/email-test/useEmailServiceStatus.ts'
import type { DesktopApi } from '../../contract.ts'

const troubleshooting = [
  "Make sure the site's server is running (npm start) and reachable from this computer.",
  'Check the site address in Settings: the email service address comes from its /config.json.',
  'Check that no firewall or proxy blocks the email service port (default 3000).',
]

/** The `/test-email` tool in the desktop app: main checks and sends, with the editor's session. */
export function EmailTestScreen({ api }: { api: DesktopApi }) {
  const check = useCallback(async (): Promise<EmailServiceCheck> => {
    const h = await api.checkEmailService()
    return {
      baseUrl: h.endpoint,
      // Main says 0 when no answer came back.
      health: {
        available: h.available,
        status: h.status || null,
        error: h.available ? undefined : h.message,
      },
    }
  }, [api])

  const send = useCallback(
    async (to: string): Promise<TestSendOutcome> => {
      const r = await api.sendTestEmail(to)
      if (r.success) return { kind: 'success', response: r.response }
      return { kind: r.status === 0 ? 'error' : 'failure', detail: r.message, response: r.response }
    },
    [api],
  )

  return (
    <AdminScreen id="email-test" title="Email service test" className="max-w-2xl space-y-6">
      <EmailTestTool check={check} send={send} troubleshooting={troubleshooting} />
    </AdminScreen>
  )
}
