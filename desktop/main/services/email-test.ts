import { brand } from '../../../shared/config/brand.ts'
import {
  checkEmailService as checkService,
  sendServiceEmail,
} from '../../../shared/lib/email-service-client.ts'

/**
 * The email test screen's two calls, made from main with the same client as the site's `/test-email`
 * (spec §7 timeouts and retries, spec §8 messages), shaped for the renderer's screen.
 */
export interface EmailServiceHealth {
  available: boolean
  /** HTTP status, or 0 when no answer came back. */
  status: number
  message: string
  endpoint: string
  checkedAt: string
}

export interface TestEmailResult {
  success: boolean
  status: number
  message: string
  /** The service's reply as sent, for the collapsible response details. */
  response: unknown
}

export async function checkEmailService(
  endpoint: string,
  fetchImpl?: typeof fetch,
): Promise<EmailServiceHealth> {
  const checkedAt = new Date().toISOString()
  const health = await checkService(endpoint, { fetch: fetchImpl })
  const message = health.available ? 'Available' : (health.error ?? 'Failed to check email service status')
  return { available: health.available, status: health.status ?? 0, message, endpoint, checkedAt }
}

export async function sendTestEmail(
  endpoint: string,
  to: string,
  accessToken: string | null,
  options: { fetchImpl?: typeof fetch } = {},
): Promise<TestEmailResult> {
  if (!to.trim())
    return { success: false, status: 0, message: 'Please enter an email address', response: null }
  const result = await sendServiceEmail(
    endpoint,
    {
      to: to.trim(),
      subject: `${brand.name} test email`,
      firstName: 'there',
      body: `<p>This is a test email sent from the ${brand.name} desktop app.</p>`,
    },
    { accessToken: accessToken ?? undefined, fetch: options.fetchImpl },
  )
  if (result.success)
    return {
      success: true,
      status: result.status ?? 0,
      message: 'Test email sent successfully!',
      response: result.details,
    }
  // No reply at all is an error of the connection; a reply that refuses is a failed send. The screen
  // titles either outcome with the spec's words ("Error sending test email", "Failed to send test email")
  // and shows this message as the detail under it.
  const message = result.error ?? 'Failed to send test email'
  return { success: false, status: result.status ?? 0, message, response: result.details ?? null }
}
