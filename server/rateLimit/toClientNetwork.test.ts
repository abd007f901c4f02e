import { describe, expect, it } from 'vitest'
import { toClientNetwork } from './toClientNetwork'

describe('toClientNetwork', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['[2001:db8:1:2::5]', '2001:db8:1:2::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
    ['unknown', 'unknown'],
    ['not:an:address', 'not:an:address'],
  ])('%s -> %s', (ip, network) => {
    expect(toClientNetwork(ip)).toBe(network)
  })
})
