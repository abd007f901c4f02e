import { decodeCashAddress } from '@bitauth/libauth'
import { bech32, bech32m, createBase58check } from '@scure/base'
import { sha256 } from 'viem'
import type { UtxoAddressFormat } from '../chainInfo'

const base58check = createBase58check((data) => sha256(data, 'bytes'))

/**
 * True when `address` is written in `format` (one network of one UTXO chain): base58check with one of its
 * version bytes (P2PKH/P2SH), a segwit address with its bech32 prefix (v0 bech32, v1+ bech32m), or a
 * CashAddr with its prefix (the prefix may be omitted). Checksums are verified; letter case must not mix.
 */
export function isValidUtxoAddress(format: UtxoAddressFormat, address: string): boolean {
  const { base58Versions, bech32Prefix, cashAddrPrefix } = format
  return (
    isBase58Address(address, base58Versions) ||
    (bech32Prefix !== undefined && isSegwitAddress(address, bech32Prefix)) ||
    (cashAddrPrefix !== undefined && isCashAddress(address, cashAddrPrefix))
  )
}

function isBase58Address(address: string, versions: readonly number[]): boolean {
  try {
    const payload = base58check.decode(address)
    return payload.length === 21 && versions.includes(payload[0] ?? -1)
  } catch {
    return false
  }
}

function isSegwitAddress(address: string, prefix: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false
  const lower = address.toLowerCase()
  if (!lower.startsWith(`${prefix}1`)) return false
  for (const codec of [bech32, bech32m]) {
    try {
      const { prefix: hrp, words } = codec.decode(lower as `${string}1${string}`)
      const [version, ...rest] = words
      if (hrp !== prefix || version === undefined || version > 16) continue
      if ((version === 0) !== (codec === bech32)) continue
      const program = bech32.fromWords(rest)
      if (version === 0 ? program.length === 20 || program.length === 32 : program.length === 32) return true
    } catch {
      // try the other checksum
    }
  }
  return false
}

/** BCH CashAddr (checksum by libauth) of a 160-bit P2PKH or P2SH hash, with or without its prefix, in one case. */
function isCashAddress(address: string, prefix: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false
  const lower = address.toLowerCase()
  const decoded = decodeCashAddress(lower.includes(':') ? lower : `${prefix}:${lower}`)
  if (typeof decoded === 'string') return false
  return (
    decoded.prefix === prefix &&
    (decoded.type === 'p2pkh' || decoded.type === 'p2sh') &&
    decoded.payload.length === 20
  )
}
