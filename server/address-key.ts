import { isIPv4, isIPv6 } from 'node:net'

/**
 * The one key a client address becomes wherever it is counted (rate limits, Insights' visitors): an IPv4
 * address as it is; an IPv6 address as its /64 network, because one household, phone or rented server is
 * handed a whole /64 and may pick any address inside it; an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, how
 * a dual-stack socket sees an IPv4 client) as the IPv4 address it carries. Anything else (`unknown`, a
 * proxy's odd header) is kept as it is.
 */
export function addressKey(address: string): string {
  const plain = address.trim().toLowerCase()
  if (isIPv4(plain)) return plain
  // A zone (`fe80::1%eth0`) names a local interface, not part of the address.
  const ip = plain.replace(/%.*$/, '')
  if (!isIPv6(ip)) return address
  const groups = ipv6Groups(ip)
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
  if (mapped) return [groups[6] >> 8, groups[6] & 255, groups[7] >> 8, groups[7] & 255].join('.')
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read as two groups). */
function ipv6Groups(ip: string): number[] {
  let text = ip
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number)
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::')
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const front = part(head)
  const back = part(tail)
  const zeros = tail === undefined ? [] : new Array<number>(8 - front.length - back.length).fill(0)
  return [...front, ...zeros, ...back]
}
