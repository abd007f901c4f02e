import { isIPv4, isIPv6 } from 'node:net'

/**
 * The network a client address stands for in per-client limits: an IPv4 address itself (an IPv4-mapped
 * IPv6 address as IPv4), an IPv6 address as its /64 (`2001:db8:1:2::/64`), since one subscriber is
 * usually given a whole /64 and could otherwise take a fresh address, and a fresh budget, per request.
 * Anything else (`unknown`) is returned as it is.
 */
export function toClientNetwork(ip: string): string {
  const address = (
    ip
      .trim()
      .replace(/^\[(.*)\]$/, '$1')
      .split('%')[0] ?? ''
  ).toLowerCase()
  if (isIPv4(address)) return address
  if (!isIPv6(address)) return ip
  const groups = expandIpv6(address)
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
  if (isMapped) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (`::` filled in, a dotted IPv4 tail as two groups). */
function expandIpv6(address: string): number[] {
  const toGroups = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)]
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number)
          return [(a << 8) | b, (c << 8) | d]
        })
  const [head = '', tail] = address.split('::')
  const first = toGroups(head)
  const last = tail === undefined ? [] : toGroups(tail)
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last]
}
