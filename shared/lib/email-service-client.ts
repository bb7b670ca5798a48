import { brand } from '../config/brand.ts'

/** Spec §9: health check timeout 8 s; send timeout 10 s per attempt, 2 retries after 1 s then 2 s. */
export const healthCheckTimeoutMs = 8_000
export const sendTimeoutMs = 10_000
export const sendRetryDelaysMs = [1_000, 2_000] as const

/** Spec §8, word for word. */
export const emailServiceMessages = {
  timeout: 'Connection timed out - server may be unreachable',
  connectionError: (detail: string) => `Connection error: ${detail}`,
  invalidResponse: 'Invalid response format from server',
  badStatus: (status: number) => `Service returned status ${status}`,
} as const

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface EmailServiceHealth {
  available: boolean
  /** HTTP status of the reply, or null when none arrived. */
  status: number | null
  /** Why it is unavailable (one of the spec §8 messages). */
  error?: string
  /** The parsed health body when there was one. */
  details?: unknown
}

export interface ServiceEmail {
  to: string
  subject: string
  firstName: string
  body: string
}

export interface ServiceSendResult {
  success: boolean
  status: number | null
  messageId?: string
  /** How many attempts were made (1 to 3). */
  attempts: number
  error?: string
  details?: unknown
}

const localHosts = new Set(['localhost', '127.0.0.1', '[::1]', '::1'])

/**
 * Where the email service lives (spec §7): `/config.json`'s `emailServiceUrl` when it has one (it knows the
 * real port), else http://localhost:3000 when the page runs on localhost, else the hosted address.
 */
export function resolveEmailServiceUrl(
  hostname: string,
  config?: { emailServiceUrl?: string | null },
): string {
  if (config?.emailServiceUrl) return config.emailServiceUrl.replace(/\/+$/, '')
  if (localHosts.has(hostname)) return 'http://localhost:3000'
  return `https://mail.${new URL(brand.siteUrl).host}`
}

function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

/** Requests whose URL contains `/send-email` are logged with URL and status; network errors are logged and rethrown (spec §7). */
export async function loggedFetch(
  url: string,
  init?: RequestInit,
  fetchImpl: FetchLike = globalThis.fetch,
): Promise<Response> {
  const logged = url.includes('/send-email')
  try {
    const res = await fetchImpl(url, init)
    if (logged) console.info(`[email] ${init?.method ?? 'GET'} ${url} -> ${res.status}`)
    return res
  } catch (err) {
    if (logged) console.error(`[email] ${init?.method ?? 'GET'} ${url} failed:`, err)
    throw err
  }
}

/** fetch with an abort after `ms`; the timer is the only clock, so fake timers drive it in tests. */
async function fetchWithTimeout(
  url: string,
  init: RequestInit,
  ms: number,
  fetchImpl: FetchLike,
): Promise<Response> {
  const controller = new AbortController()
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms,
  )
  try {
    return await loggedFetch(url, { ...init, signal: controller.signal }, fetchImpl)
  } finally {
    clearTimeout(timer)
  }
}

const isTimeout = (err: unknown) =>
  err instanceof DOMException && (err.name === 'TimeoutError' || err.name === 'AbortError')

/** GET on the service's base URL: available only for a 2xx JSON reply within 8 s. */
export async function checkEmailService(
  baseUrl: string,
  options: { fetch?: FetchLike } = {},
): Promise<EmailServiceHealth> {
  const fetchImpl = options.fetch ?? globalThis.fetch
  let res: Response
  try {
    res = await fetchWithTimeout(
      `${baseUrl.replace(/\/+$/, '')}/`,
      { method: 'GET', headers: { Accept: 'application/json' } },
      healthCheckTimeoutMs,
      fetchImpl,
    )
  } catch (err) {
    return {
      available: false,
      status: null,
      error: isTimeout(err)
        ? emailServiceMessages.timeout
        : emailServiceMessages.connectionError(describeError(err)),
    }
  }
  if (!res.ok)
    return { available: false, status: res.status, error: emailServiceMessages.badStatus(res.status) }
  try {
    const details: unknown = JSON.parse(await res.text())
    return { available: true, status: res.status, details }
  } catch {
    return { available: false, status: res.status, error: emailServiceMessages.invalidResponse }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * POST `/send-email` on the service: 10 s per attempt, retried twice (after 1 s, then 2 s) when the
 * network fails, times out or the service answers 5xx. A 4xx is final (retrying cannot fix it).
 */
export async function sendServiceEmail(
  baseUrl: string,
  email: ServiceEmail,
  options: { accessToken?: string; fetch?: FetchLike } = {},
): Promise<ServiceSendResult> {
  const fetchImpl = options.fetch ?? globalThis.fetch
  const url = `${baseUrl.replace(/\/+$/, '')}/send-email`
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' }
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`
  let last: ServiceSendResult = { success: false, status: null, attempts: 0 }

  for (let attempt = 1; attempt <= sendRetryDelaysMs.length + 1; attempt++) {
    if (attempt > 1) await sleep(sendRetryDelaysMs[attempt - 2])
    try {
      const res = await fetchWithTimeout(
        url,
        { method: 'POST', headers, body: JSON.stringify(email) },
        sendTimeoutMs,
        fetchImpl,
      )
      let details: unknown = null
      try {
        details = JSON.parse(await res.text())
      } catch {
        details = null
      }
      const body = (details ?? {}) as { success?: unknown; messageId?: unknown; message?: unknown }
      if (res.ok && body.success === true) {
        return {
          success: true,
          status: res.status,
          attempts: attempt,
          messageId: typeof body.messageId === 'string' ? body.messageId : undefined,
          details,
        }
      }
      const error =
        typeof body.message === 'string'
          ? body.message
          : details === null
            ? emailServiceMessages.invalidResponse
            : emailServiceMessages.badStatus(res.status)
      last = { success: false, status: res.status, attempts: attempt, error, details }
      if (res.status < 500) return last
    } catch (err) {
      last = {
        success: false,
        status: null,
        attempts: attempt,
        error: isTimeout(err)
          ? emailServiceMessages.timeout
          : emailServiceMessages.connectionError(describeError(err)),
      }
    }
  }
  return last
}

/** Spec §7 "Same-origin email call": `POST /api/send-email` `{to, subject, html}` → `{ success }` (editors only). @public */
export async function sendSameOriginEmail(
  message: { to: string; subject: string; html: string },
  options: { accessToken?: string; fetch?: FetchLike; baseUrl?: string } = {},
): Promise<{ success: boolean; status: number; message?: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (options.accessToken) headers.Authorization = `Bearer ${options.accessToken}`
  const res = await loggedFetch(
    `${options.baseUrl ?? ''}/api/send-email`,
    { method: 'POST', headers, body: JSON.stringify(message) },
    options.fetch,
  )
  const body = (await res.json().catch(() => ({}))) as { success?: unknown; message?: unknown }
  return {
    success: body.success === true,
    status: res.status,
    message: typeof body.message === 'string' ? body.message : undefined,
  }
}
