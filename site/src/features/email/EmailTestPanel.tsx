import { LogOut } from 'lucide-react'
import { useMemo } from 'react'
import { AuthProvider } from '@shared/admin/AdminProvider.tsx'
import { SignInForm } from '@shared/admin/SignInForm.tsx'
import {
  EmailTestTool,
  type SendAccess,
  type TestSendOutcome,
} from '@shared/admin/email-test/EmailTestTool.tsx'
import { useAdminSession } from '@shared/admin/useAdminSession.ts'
import { sendServiceEmail } from '@shared/lib/email-service-client.ts'
import {
  createBrowserEditorSession,
  type BrowserEditorSession,
} from '@site/features/blog/browser-editor-session.ts'
import { createWebAdminApi } from '@site/features/blog/web-admin-api.ts'
import { checkFromBrowser } from './public-config.ts'

const troubleshooting = [
  'Make sure the server is running (npm start): the email service listens on EMAIL_SERVICE_PORT (default 3000).',
  'Check that no other program uses that port and that a firewall or proxy lets the browser reach it.',
  'Open the endpoint below in a browser tab: it should answer with JSON that reads "status": "ok".',
  'If the service answers but mail does not arrive, check SMTP_URL and the server log for SMTP errors.',
]

/** The browser sends to the service itself, as the signed-in editor. */
async function sendAsEditor(
  auth: BrowserEditorSession,
  to: string,
  baseUrl: string,
): Promise<TestSendOutcome> {
  const token = await auth.accessToken()
  const local = to.split('@')[0] ?? ''
  const result = await sendServiceEmail(
    baseUrl,
    {
      to,
      subject: 'Meridian email service test',
      firstName: local.charAt(0).toUpperCase() + local.slice(1),
      body: 'This is a test email from the Meridian email test page.\n\nIf you can read it, the email service and SMTP delivery work.',
    },
    { accessToken: token ?? undefined },
  )
  const kind = result.success ? 'success' : result.status === null ? 'error' : 'failure'
  return { kind, detail: result.error, messageId: result.messageId, response: result }
}

/** Sending is for editors: a send asked for while signed out asks for a sign-in, then goes out. */
function useEditorAccess(auth: BrowserEditorSession): SendAccess {
  const session = useAdminSession()
  return {
    granted: session.status === 'signed-in',
    grantedNote: session.status === 'signed-in' && (
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <span>
          Signed in as <strong>{session.session.email}</strong>
        </span>
        <button
          type="button"
          onClick={() => void auth.signOut()}
          className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 font-medium text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <LogOut aria-hidden="true" className="size-4" /> Sign out
        </button>
      </div>
    ),
    hint: <p className="text-sm text-ink-500">Sending a test email asks for an editor sign-in.</p>,
    request: (to) =>
      session.status === 'signed-out' && (
        <div className="mt-6 space-y-4">
          <p className="text-sm text-ink-600">
            Sending a test email is for editors. Sign in and it goes to <strong>{to}</strong>.
          </p>
          <SignInForm description="Sign in with your editor account to send a test email." />
        </div>
      ),
  }
}

function SiteEmailTest({ auth }: { auth: BrowserEditorSession }) {
  const access = useEditorAccess(auth)
  return (
    <EmailTestTool
      check={checkFromBrowser}
      send={(to, baseUrl) => sendAsEditor(auth, to, baseUrl)}
      troubleshooting={troubleshooting}
      access={access}
    />
  )
}

/**
 * /test-email (spec §2 "Email test page"): the whole screen for everyone (status, endpoint, protocol, the
 * email input and Send Test Email); sending asks for an editor sign-in.
 */
export function EmailTestPanel() {
  // The sign-in form's reset link is the admin's own operation; the send needs the session's token.
  const { auth, session } = useMemo(() => {
    const session = createBrowserEditorSession()
    return { session, auth: createWebAdminApi(session) }
  }, [])
  return (
    <AuthProvider auth={auth}>
      <SiteEmailTest auth={session} />
    </AuthProvider>
  )
}
