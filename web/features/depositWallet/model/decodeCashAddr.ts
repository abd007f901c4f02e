import { cashAddrCharset, cashAddrPolymod, convertBits } from './cashAddrPolymod'

/**
 * The kind and 20-byte hash of a CashAddr with `prefix` (written with or without it); throws when the
 * checksum, the prefix or the payload is wrong. Pure.
 */
export function decodeCashAddr(
  prefix: string,
  address: string,
): { kind: 'p2pkh' | 'p2sh'; hash: Uint8Array } {
  const lower = address.toLowerCase()
  if (address !== lower && address !== address.toUpperCase()) throw new Error('mixed-case CashAddr')
  const body = lower.startsWith(`${prefix}:`) ? lower.slice(prefix.length + 1) : lower
  const words = [...body].map((c) => {
    const value = cashAddrCharset.indexOf(c)
    if (value < 0) throw new Error(`not a CashAddr character: ${c}`)
    return value
  })
  const prefixBits = [...prefix].map((c) => c.charCodeAt(0) & 0x1f)
  if (cashAddrPolymod([...prefixBits, 0, ...words]) !== 0n) throw new Error('bad CashAddr checksum')
  const [version, ...hash] = convertBits(words.slice(0, -8), 5, 8, false)
  if ((version !== 0 && version !== 8) || hash.length !== 20) throw new Error('unsupported CashAddr payload')
  return { kind: version === 0 ? 'p2pkh' : 'p2sh', hash: Uint8Array.from(hash) }
}
