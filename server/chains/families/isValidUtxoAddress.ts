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

const cashAddrCharset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const cashAddrGenerators = [0x98f2bc8e61n, 0x79b76d99e2n, 0xf33e5fb3c4n, 0xae2eabe2a8n, 0x1e4f43e470n]

/** BCH CashAddr: the polymod of prefix (low 5 bits), a 0 separator and the payload must be 1. */
function isCashAddress(address: string, prefix: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false
  const lower = address.toLowerCase()
  const body = lower.startsWith(`${prefix}:`) ? lower.slice(prefix.length + 1) : lower
  if (body.length !== 42) return false
  const words: number[] = []
  for (const char of body) {
    const value = cashAddrCharset.indexOf(char)
    if (value < 0) return false
    words.push(value)
  }
  const values = [...[...prefix].map((c) => c.charCodeAt(0) & 0x1f), 0, ...words]
  let checksum = 1n
  for (const value of values) {
    const top = checksum >> 35n
    checksum = ((checksum & 0x07ffffffffn) << 5n) ^ BigInt(value)
    cashAddrGenerators.forEach((generator, bit) => {
      if ((top >> BigInt(bit)) & 1n) checksum ^= generator
    })
  }
  // Version byte 0 (P2PKH) or 8 (P2SH) with a 160-bit hash: the first word is 0 or 1.
  return checksum === 1n && (words[0] === 0 || words[0] === 1)
}
