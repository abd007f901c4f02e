import type { UtxoChainInfo } from '../../server/chains/chainInfo'
import type { UtxoChainSpec } from '../utxo/utxoChainSpecs'

/**
 * What a browser wallet needs to hold keys on one devnet UTXO chain: how its addresses are written (the
 * chain's regtest formats), the script its keys lock coins with, the signature hash it signs (segwit v0,
 * legacy, or Bitcoin Cash's FORKID), the fee rate the node relays at and what the faucet pays per request.
 */
export interface UtxoWalletNetwork {
  chainId: number
  symbol: string
  decimals: number
  /** `p2wpkh` (bech32) or `p2pkh` (base58, or CashAddr where `cashAddrPrefix` is set). */
  script: 'p2wpkh' | 'p2pkh'
  sighash: 'segwit' | 'legacy' | 'forkid'
  pubKeyHash: number
  scriptHash: number
  bech32Prefix: string | undefined
  cashAddrPrefix: string | undefined
  feeRateSatPerVbyte: number
  faucetSatoshis: bigint
}

/** Whole coins the devnet UTXO faucet pays per request, by symbol. */
const faucetCoins: Record<string, bigint> = { BTC: 1n, BCH: 10n, LTC: 10n, DOGE: 1_000n }

/**
 * The browser wallet's description of a devnet UTXO chain, from its devnet spec and its chain info (regtest
 * address formats). Pure.
 */
export function describeUtxoWalletNetwork(spec: UtxoChainSpec, info: UtxoChainInfo): UtxoWalletNetwork {
  const format = info.regtestAddress
  const [pubKeyHash = 0x6f] = format.base58Versions
  const script = spec.addressType === 'witnesspubkeyhash' ? 'p2wpkh' : 'p2pkh'
  return {
    chainId: spec.chainId,
    symbol: spec.symbol,
    decimals: 8,
    script,
    sighash: format.cashAddrPrefix !== undefined ? 'forkid' : script === 'p2wpkh' ? 'segwit' : 'legacy',
    pubKeyHash,
    scriptHash: format.base58Versions.at(-1) ?? pubKeyHash,
    bech32Prefix: format.bech32Prefix,
    cashAddrPrefix: format.cashAddrPrefix,
    feeRateSatPerVbyte: spec.feeRateSatPerVbyte,
    faucetSatoshis: (faucetCoins[spec.symbol] ?? 1n) * 100_000_000n,
  }
}
