import { cashAddrCharset, cashAddrPolymod, convertBits } from './cashAddrPolymod'

/**
 * A Bitcoin Cash CashAddr (`prefix:q…`) of a 20-byte hash: version byte 0 for P2PKH, 8 for P2SH, the payload
 * in base32 and the 40-bit checksum. Pure.
 */
export function encodeCashAddr(prefix: string, kind: 'p2pkh' | 'p2sh', hash: Uint8Array): string {
  if (hash.length !== 20) throw new Error('a CashAddr here carries a 20-byte hash')
  const payload = convertBits([kind === 'p2pkh' ? 0 : 8, ...hash], 8, 5, true)
  const prefixBits = [...prefix].map((c) => c.charCodeAt(0) & 0x1f)
  const checksum = cashAddrPolymod([...prefixBits, 0, ...payload, 0, 0, 0, 0, 0, 0, 0, 0])
  const checkWords = Array.from({ length: 8 }, (_, i) => Number((checksum >> BigInt(5 * (7 - i))) & 31n))
  return `${prefix}:${[...payload, ...checkWords].map((w) => cashAddrCharset[w]).join('')}`
}
