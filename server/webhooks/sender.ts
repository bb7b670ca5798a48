import dns, { type LookupAddress, type LookupOptions } from 'node:dns'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import {
  ipLiteralOf,
  isAllowedLoopback,
  isPublicAddress,
  privateAddressMessage,
  type WebhookAddressPolicy,
} from './address-policy.ts'

/**
 * Posts one webhook and reports what happened, never throwing: 10 s for connecting and the whole answer, at
 * most 64 KB of the answer read (the first 1 KB kept for the delivery log), redirects not followed, and the
 * address connected to checked at connect time (`address-policy.ts`): the host name is resolved by our own
 * `lookup`, which refuses the connection when any address it resolves to is private, so no request ever
 * leaves for one, whatever the name resolved to when the endpoint was saved.
 */

export const webhookTimeoutMs = 10_000
export const webhookResponseReadLimit = 64 * 1024
export const webhookResponseKeptChars = 1024

export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
}

export interface WebhookResponse {
  /** The receiver's HTTP status, or null when none came (refused, timed out, not allowed). */
  statusCode: number | null
  durationMs: number
  /** Why it did not count as delivered (null: a 2xx). */
  error: string | null
  /** The first 1 KB of the answer. */
  responseBody: string | null
  /** True when no connection was attempted because the address is not allowed. */
  refusedAddress: boolean
}

export interface SenderOptions {
  policy: WebhookAddressPolicy
  timeoutMs?: number
  /** Name resolution (tests give a rebinding resolver); the system's by default. */
  lookup?: typeof dns.lookup
}

class AddressRefused extends Error {
  constructor() {
    super(privateAddressMessage)
    this.name = 'AddressRefused'
  }
}

/** A `lookup` for the socket that resolves with `resolve` and refuses any non-public answer. */
function checkedLookup(resolve: typeof dns.lookup): LookupFunction {
  return ((hostname: string, options: LookupOptions, callback: (...args: unknown[]) => void) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err)
      const list = addresses as unknown as LookupAddress[]
      // One private answer refuses the name: a resolver mixing a public and a private address is an attack.
      if (list.length === 0 || list.some((a) => !isPublicAddress(a.address)))
        return callback(new AddressRefused())
      if (options.all) return callback(null, list)
      callback(null, list[0].address, list[0].family)
    })
  }) as LookupFunction
}

export async function sendWebhook(request: WebhookRequest, options: SenderOptions): Promise<WebhookResponse> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const outcome = (
    statusCode: number | null,
    error: string | null,
    responseBody: string | null = null,
    refusedAddress = false,
  ): WebhookResponse => ({ statusCode, durationMs: elapsed(), error, responseBody, refusedAddress })

  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return outcome(null, 'The endpoint URL is not valid.')
  }
  const loopback = isAllowedLoopback(url, options.policy)
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return outcome(null, 'Only http(s) URLs are used.')
  if (url.protocol === 'http:' && options.policy.httpsOnly && !loopback)
    return outcome(null, 'Webhook URLs must start with https://.', null, true)
  // An IP address in the URL is connected to without a lookup: check it here.
  const literal = ipLiteralOf(url)
  if (literal !== null && !loopback && !isPublicAddress(literal))
    return outcome(null, privateAddressMessage, null, true)

  const timeoutMs = options.timeoutMs ?? webhookTimeoutMs
  const body = Buffer.from(request.body, 'utf8')
  return new Promise<WebhookResponse>((resolve) => {
    let settled = false
    const finish = (result: WebhookResponse) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      req.destroy()
      resolve(result)
    }
    const req = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      agent: false,
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        'content-length': String(body.byteLength),
        'user-agent': 'Meridian-Webhooks/1',
      },
      ...(loopback ? {} : { lookup: checkedLookup(options.lookup ?? dns.lookup) }),
    })
    const timer = setTimeout(
      () => finish(outcome(null, `No answer within ${Math.round(timeoutMs / 1000)} s.`)),
      timeoutMs,
    )
    req.on('error', (err) => {
      if (err instanceof AddressRefused) finish(outcome(null, err.message, null, true))
      else finish(outcome(null, connectionError(err)))
    })
    req.on('response', (res: IncomingMessage) => {
      const status = res.statusCode ?? 0
      const chunks: Buffer[] = []
      let read = 0
      const done = () => {
        const text = Buffer.concat(chunks).toString('utf8').slice(0, webhookResponseKeptChars)
        const error =
          status >= 200 && status < 300
            ? null
            : status >= 300 && status < 400
              ? `Answered ${status} (redirects are not followed).`
              : `Answered ${status}.`
        finish(outcome(status, error, text))
      }
      res.on('data', (chunk: Buffer) => {
        if (read < webhookResponseReadLimit) chunks.push(chunk.subarray(0, webhookResponseReadLimit - read))
        read += chunk.byteLength
        // Enough read: the status decides; the rest is not waited for.
        if (read >= webhookResponseReadLimit) done()
      })
      res.on('end', done)
      res.on('error', done)
    })
    req.end(body)
  })
}

function connectionError(err: Error & { code?: string }): string {
  switch (err.code) {
    case 'ECONNREFUSED':
      return 'The connection was refused.'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name could not be resolved.'
    case 'ECONNRESET':
      return 'The connection was reset.'
    default:
      return `Could not connect: ${err.message}`.slice(0, 500)
  }
}
