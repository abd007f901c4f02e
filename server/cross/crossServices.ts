import type { AddressNetwork } from '../chains/chainInfo'
import type { Logger } from '../logger'
import type { Markets } from '../market/createMarkets'
import type { ThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import type { CrossChainProvider } from '../providers/types'
import type { Store } from '../store/createStore'

/** What the cross-chain routes work with: the providers mounted, the markets, and how addresses are written. */
export interface CrossServices {
  /** Every mounted provider, the liquidity network's included. */
  providers: readonly CrossChainProvider[]
  /** The liquidity network's provider, when mounted: its vaults and its pool prices. */
  thorchain?: ThorchainProvider
  markets: Markets
  /** Where cross-chain trades are recorded (`info/tx` reads and writes it). */
  store: Store
  /** The key of attribution tags (`getIntegratorTagSecret`). */
  getTagSecret: () => Promise<Uint8Array>
  /** UTXO address formats: `regtest` on the devnet. */
  addressNetwork: AddressNetwork
  /** A provider that has not quoted after this long is left out of the answer. */
  providerTimeoutMs: number
  /** Clock, ms since the epoch. */
  now: () => number
  /**
   * How long `info/tx` answers a hash nobody knew 404 without asking upstream (default `TX_MISS_TTL_MS`);
   * 0 in tests that look a deposit up before the network has observed it and again after.
   */
  txMissTtlMs?: number
  /** Where what fails beside an answer (a record the answer does not wait on) is told. */
  logger?: Logger
}

/** Least USD value of a cross-chain trade's input (the spec's limit). */
export const MIN_CROSS_TRADE_USD = 10

/** A provider that has not quoted after this long is left out of a cross-chain answer. */
export const CROSS_PROVIDER_TIMEOUT_MS = 8_000

/**
 * A quote whose output is worth less than this fraction of its input (both USD prices known) is beyond the
 * liquidity of the pools it crosses: bridge and swap fees are basis points, so losing half the value means the
 * amount has drained a pool (the slip of a constant-product pool, a Stargate pool's credit, a relayer's
 * inventory). Such quotes are left out, as single chain leaves out amounts its pools cannot absorb.
 */
export const MIN_CROSS_VALUE_KEPT = 0.5
