import { createHmac, randomBytes } from 'node:crypto'

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` + base64 of random
 * bytes; each delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature`, a
 * space-separated list of `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`: one per secret that is
 * valid (after a rotation the previous secret signs too for 24 hours, so a receiver can switch over).
 */

const secretPrefix = 'whsec_'

/** A new signing secret (24 random bytes). */
export function newWebhookSecret(): string {
  return secretPrefix + randomBytes(24).toString('base64')
}

/** The `v1,…` signature of one message under one secret. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret,
    'base64',
  )
  const mac = createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')
  return `v1,${mac}`
}

/** The three Standard Webhooks headers of a message, signed with every given secret. */
export function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets.map((s) => signWebhook(s, id, timestampSeconds, body)).join(' '),
  }
}
