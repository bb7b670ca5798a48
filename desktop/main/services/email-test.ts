/**
 * The email test screen's two calls, made from main (spec §7 "External email service" and §8 texts):
 * a health check with an 8 s timeout and a test send with a 10 s timeout and up to 2 retries (1 s, 2 s).
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

const healthTimeoutMs = 8000
const sendTimeoutMs = 10_000
const retryWaitsMs = [1000, 2000]

function describeFetchError(err: unknown) {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'Connection timed out - server may be unreachable'
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err)
  return `Connection error: ${cause}`
}

export async function checkEmailService(endpoint: string, fetchImpl: typeof fetch = fetch): Promise<EmailServiceHealth> {
  const checkedAt = new Date().toISOString()
  try {
    const res = await fetchImpl(endpoint, { signal: AbortSignal.timeout(healthTimeoutMs) })
    if (!res.ok) return { available: false, status: res.status, message: `Service returned status ${res.status}`, endpoint, checkedAt }
    try {
      await res.json()
    } catch {
      return { available: false, status: res.status, message: 'Invalid response format from server', endpoint, checkedAt }
    }
    return { available: true, status: res.status, message: 'Available', endpoint, checkedAt }
  } catch (err) {
    return { available: false, status: 0, message: describeFetchError(err), endpoint, checkedAt }
  }
}

export async function sendTestEmail(
  endpoint: string,
  to: string,
  accessToken: string | null,
  options: { fetchImpl?: typeof fetch; waitsMs?: number[] } = {},
): Promise<TestEmailResult> {
  if (!to.trim()) return { success: false, status: 0, message: 'Please enter an email address', response: null }
  const fetchImpl = options.fetchImpl ?? fetch
  const waits = options.waitsMs ?? retryWaitsMs
  const body = JSON.stringify({
    to: to.trim(),
    subject: 'Meridian test email',
    firstName: 'there',
    body: '<p>This is a test email sent from the Meridian desktop app.</p>',
  })
  let last: TestEmailResult = { success: false, status: 0, message: 'Failed to send test email', response: null }
  for (let attempt = 0; attempt <= waits.length; attempt++) {
    try {
      const res = await fetchImpl(new URL('/send-email', endpoint), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}) },
        body,
        signal: AbortSignal.timeout(sendTimeoutMs),
      })
      const response = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null
      if (res.ok && response?.success) return { success: true, status: res.status, message: 'Test email sent successfully!', response }
      last = { success: false, status: res.status, message: response?.message ?? 'Failed to send test email', response }
      // A refusal (bad address, not signed in) will not change on a retry; only server trouble is retried.
      if (res.status < 500) return last
    } catch (err) {
      last = { success: false, status: 0, message: `Error sending test email: ${describeFetchError(err)}`, response: null }
    }
    if (attempt < waits.length) await new Promise((resolve) => setTimeout(resolve, waits[attempt]))
  }
  return last
}
