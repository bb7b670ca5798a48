import { describe, expect, it } from 'vitest'
import { addressKey } from './address-key.ts'

describe('the key of a client address', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7')
  })

  it('keys an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:aa:bb::/64'
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:0db8:00aa:00bb:ffff:ffff:ffff:ffff',
      '2001:DB8:AA:BB:1:2:3:4',
      '2001:db8:aa:bb:0:0:0:0',
      '2001:db8:aa:bb::10.0.0.1',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:aa:bb::9'),
    ])
      expect(addressKey(address), address).toBe(key)
    expect(addressKey('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64')
    expect(addressKey('::1')).toBe('0:0:0:0::/64')
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64')
  })

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7')
    expect(addressKey('::FFFF:c633:6407')).toBe('198.51.100.7')
    expect(addressKey('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7')
  })

  it('leaves what is not an address alone', () => {
    expect(addressKey('unknown')).toBe('unknown')
    expect(addressKey('not:an:address::x')).toBe('not:an:address::x')
  })
})
