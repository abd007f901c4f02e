import { CashAddressNetworkPrefix, encodeCashAddress } from '@bitauth/libauth'

const networkPrefixes: readonly string[] = Object.values(CashAddressNetworkPrefix)

/**
 * A Bitcoin Cash CashAddr (`prefix:q…`) of a 20-byte P2PKH or P2SH hash (checksum by libauth); `prefix` is a
 * Bitcoin Cash network's (`bitcoincash`, `bchtest`, `bchreg`). Pure.
 */
export function encodeCashAddr(prefix: string, kind: 'p2pkh' | 'p2sh', hash: Uint8Array): string {
  if (hash.length !== 20) throw new Error('a CashAddr here carries a 20-byte hash')
  if (!isNetworkPrefix(prefix)) throw new Error(`not a Bitcoin Cash network prefix: ${prefix}`)
  return encodeCashAddress({ prefix, type: kind, payload: hash }).address
}

function isNetworkPrefix(prefix: string): prefix is `${CashAddressNetworkPrefix}` {
  return networkPrefixes.includes(prefix)
}
