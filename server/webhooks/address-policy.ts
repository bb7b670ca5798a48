import { lookup as dnsLookup } from 'node:dns/promises'
import net from 'node:net'

/**
 * Where a webhook may go. A delivery is a request our server makes to a URL an administrator typed, so it
 * must never reach the server's own network: loopback, private (RFC 1918), carrier-grade NAT, link-local
 * (the cloud metadata service at 169.254.169.254 among them), unique-local IPv6, multicast and reserved
 * ranges are refused, IPv4-mapped IPv6 (`::ffff:10.0.0.1`) as the IPv4 address it carries. The rule is
 * applied to the address actually connected to (see `sender.ts`), so a name that resolves somewhere else at
 * delivery time (DNS rebinding) is refused too; checking the URL when it is saved only gives a clear message
 * early.
 *
 * `WEBHOOK_ALLOW_LOOPBACK=1` (development and tests) lets `http://127.0.0.1` through, and nothing else.
 */

export interface WebhookAddressPolicy {
  /** Hosted mode: https:// only. */
  httpsOnly: boolean
  /** WEBHOOK_ALLOW_LOOPBACK: a URL whose host is 127.0.0.1 may be used (over http too). */
  allowLoopback: boolean
}

const blocked = new net.BlockList()
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4')
for (const [prefix, bits] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64: an IPv4 address inside
  ['64:ff9b:1::', 48], // local NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address inside
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase()
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)
  if (tail) {
    if (!net.isIPv4(tail[1])) return null
    const [a, b, c, d] = tail[1].split('.').map(Number)
    text = text.slice(0, -tail[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, rest] = text.split('::')
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const front = part(head)
  const back = part(rest)
  const groups =
    rest === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back]
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null
}

/** The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible IPv6 address, else null. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address)
  if (!g || g.slice(0, 5).some((x) => x !== 0) || (g[5] !== 0xffff && g[5] !== 0)) return null
  // :: and ::1 are themselves (unspecified, loopback), not IPv4-compatible addresses.
  if (g[5] === 0 && g[6] === 0) return null
  return `${g[6] >> 8}.${g[6] & 255}.${g[7] >> 8}.${g[7] & 255}`
}

/** Whether a delivery may connect to this IP address (true: public). Not an IP address: false. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  if (net.isIPv4(bare)) return !blocked.check(bare, 'ipv4')
  if (!net.isIPv6(bare)) return false
  const v4 = embeddedIpv4(bare)
  if (v4 !== null) return !blocked.check(v4, 'ipv4')
  return !blocked.check(bare, 'ipv6')
}

/** The URL's host as an IP address when it is one (`[::1]` → `::1`), else null. */
export function ipLiteralOf(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '')
  return net.isIP(host) ? host : null
}

/** True when the URL is the one exception of WEBHOOK_ALLOW_LOOPBACK: its host is 127.0.0.1. */
export function isAllowedLoopback(url: URL, policy: WebhookAddressPolicy): boolean {
  return policy.allowLoopback && url.hostname === '127.0.0.1'
}

export const privateAddressMessage =
  'Webhooks cannot be sent to private, loopback, link-local or cloud metadata addresses. Use a public URL.'

/**
 * Why this URL cannot receive webhooks, in words for the administrator, or null when it can (as far as can be
 * told before connecting). `resolve` looks the host name up (a name that does not resolve now is accepted:
 * every delivery checks again).
 */
export async function endpointUrlProblem(
  raw: string,
  policy: WebhookAddressPolicy,
  resolve: (host: string) => Promise<string[]> = resolveAll,
): Promise<string | null> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'Enter a full URL starting with https://.'
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Enter a full URL starting with https://.'
  if (url.username || url.password) return 'The URL cannot contain a user name or password.'
  if (isAllowedLoopback(url, policy)) return null
  if (url.protocol === 'http:' && policy.httpsOnly) return 'Webhook URLs must start with https://.'
  const literal = ipLiteralOf(url)
  if (literal !== null) return isPublicAddress(literal) ? null : privateAddressMessage
  let addresses: string[]
  try {
    addresses = await resolve(url.hostname)
  } catch {
    return null
  }
  return addresses.some((a) => !isPublicAddress(a)) ? privateAddressMessage : null
}

async function resolveAll(host: string): Promise<string[]> {
  const found = await dnsLookup(host, { all: true, verbatim: true })
  return found.map((a) => a.address)
}
