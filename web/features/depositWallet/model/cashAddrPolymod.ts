const generators = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n]

/** The CashAddr checksum's BCH-code polymod over 5-bit values (prefix low bits, a 0 separator, payload). Pure. */
export function cashAddrPolymod(values: readonly number[]): bigint {
  let checksum = 1n
  for (const value of values) {
    const top = checksum >> 35n
    checksum = ((checksum & 0x07ffffffffn) << 5n) ^ BigInt(value)
    generators.forEach((generator, bit) => {
      if ((top >> BigInt(bit)) & 1n) checksum ^= generator
    })
  }
  return checksum ^ 1n
}

export const cashAddrCharset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

/** Regroups bits (8 to 5 with padding, or 5 to 8 without). Pure. */
export function convertBits(data: readonly number[], from: number, to: number, pad: boolean): number[] {
  let acc = 0
  let bits = 0
  const out: number[] = []
  const max = (1 << to) - 1
  for (const value of data) {
    acc = (acc << from) | value
    bits += from
    while (bits >= to) {
      bits -= to
      out.push((acc >> bits) & max)
    }
  }
  if (pad && bits > 0) out.push((acc << (to - bits)) & max)
  else if (!pad && (bits >= from || ((acc << (to - bits)) & max) !== 0)) throw new Error('invalid padding')
  return out
}
