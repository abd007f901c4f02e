import type { SignedPayment } from './createUtxoVault'
import type { ObservedInbound } from './settleInbound'

/** What THORNode's `inbound_addresses` tells about a chain's vault. */
export interface NetworkVault {
  readonly address: string
  /** The router contract deposits go through (EVM chains). */
  readonly router?: string
  /** Fee rate a sender should pay, and its unit (`satsperbyte`, `gwei`). */
  readonly gasRate: string
  readonly gasRateUnits: string
}

/** Where a signed payment stands on its chain (`locatePayment`). */
export type PaymentLocation =
  /** In a block of the canonical chain, `confirmations` deep (1: in the tip block), at `height` where told. */
  | { state: 'mined'; confirmations: number; height?: number }
  /** In the node's mempool. */
  | { state: 'pending' }
  /** Neither: never broadcast, or rolled back with its block; the same transaction can be sent again. */
  | { state: 'missing' }
  /** It can never be mined: what it spends (its nonce, sequence or coins) went to another transaction. */
  | { state: 'replaced' }

/**
 * One chain of the liquidity network: how its observer reads inbounds to the vault and how its signer pays
 * out. The network itself (`createLiquidityNetwork`) only settles and keeps state, so adding a chain is
 * writing one of these (`createUtxoChainAdapter`, `createEvmChainAdapter`). Amounts are in 1e8 units.
 */
export interface NetworkChainAdapter {
  /** THORChain's chain name: `BTC`, `ETH`, `BSC`. */
  readonly chain: string
  /** The chain's gas asset, the one pooled here: `BTC.BTC`, `BSC.BNB`. */
  readonly gasAsset: string
  /** The network's fee for paying out on this chain, 1e8 units of the gas asset. */
  readonly outboundFee: bigint
  readonly vault: NetworkVault
  /**
   * Blocks an inbound waits for before the observer reads it (1: the tip block counts), and how deep a payout
   * must be before the signer stops re-checking it. Default 1.
   */
  readonly confirmations?: number
  /**
   * Milliseconds a block must stay at its height with the same hash before it counts as confirmed, for chains
   * that can lose their last seconds (a devnet anvil saves its state every few seconds; one mining a block per
   * transaction gives no depth to wait for). Default 0.
   */
  readonly finalityMs?: number
  /**
   * The highest block no rollback can take away, where the chain can tell (a devnet chain's last state save, which
   * a crash rolls it back to; undefined: none yet). When given, the observer reads no block above it and a payout
   * above it is not final, whatever its depth or age.
   */
  finalHeight?(): Promise<number | undefined>
  isValidAddress(address: string): boolean
  /** The chain's last block the observer may read. */
  tipHeight(): Promise<number>
  /** The inbounds to the vault in block `height` (txId lowercase hex without 0x). */
  inboundsAt(height: number): Promise<ObservedInbound[]>
  /**
   * The hash of block `height`, undefined past the tip: where a chain can be replaced under the network (a
   * devnet chain restarted from another snapshot), the observer checks it is still the chain it scanned.
   */
  blockHashAt?(height: number): Promise<string | undefined>
  /**
   * Signs a payment of `amount` (1e8 units) to `to` with `memo`, not using what `reserved` holds (coins or
   * nonces of payments signed before and not yet mined); does not broadcast.
   */
  signPayment(params: {
    to: string
    amount: bigint
    memo: string
    reserved: ReadonlySet<string>
  }): Promise<SignedPayment>
  /** Broadcasts a signed payment; resolves too when the node has it already (sent before a restart). */
  broadcast(payment: SignedPayment): Promise<void>
  /**
   * Where a payment broadcast before stands now, so the signer re-sends what a rollback dropped and re-signs
   * what can never be mined. Throws when the node cannot tell (unreachable): the signer asks again later.
   */
  locatePayment?(payment: SignedPayment): Promise<PaymentLocation>
}
