import { decodeCashAddress } from '@bitauth/libauth'

/**
 * The kind and 20-byte hash of a CashAddr with `prefix` (written with or without it; checksum by libauth);
 * throws when the checksum, the prefix, the letter case or the payload is wrong. Pure.
 */
export function decodeCashAddr(
  prefix: string,
  address: string,
): { kind: 'p2pkh' | 'p2sh'; hash: Uint8Array } {
  const lower = address.toLowerCase()
  if (address !== lower && address !== address.toUpperCase()) throw new Error('mixed-case CashAddr')
  const decoded = decodeCashAddress(lower.includes(':') ? lower : `${prefix}:${lower}`)
  if (typeof decoded === 'string') throw new Error(decoded)
  if (decoded.prefix !== prefix) throw new Error(`not a ${prefix} CashAddr`)
  if ((decoded.type !== 'p2pkh' && decoded.type !== 'p2sh') || decoded.payload.length !== 20) {
    throw new Error('unsupported CashAddr payload')
  }
  return { kind: decoded.type, hash: decoded.payload }
}
