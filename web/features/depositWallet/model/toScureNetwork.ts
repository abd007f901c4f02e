import type { UtxoNetworkParams } from './utxoNetworkParams'

/** Regtest's WIF version; the wallet keeps raw keys, so it is only there to complete scure's network shape. */
const REGTEST_WIF = 0xef

/** The chain's address formats as @scure/btc-signer takes them. Pure. */
export function toScureNetwork(network: UtxoNetworkParams) {
  return {
    bech32: network.bech32Prefix ?? '',
    pubKeyHash: network.pubKeyHash,
    scriptHash: network.scriptHash,
    wif: REGTEST_WIF,
  }
}
