import type { Address } from 'viem'
import type { ContractVersion } from '../quotes/contractVersion'
import type { RouteStepPlan, RouteStepQuote } from '../routing/quoteRouteSteps'
import type { OriginReceipt } from './findOriginReceipt'

/**
 * The cross-chain provider interface (Stargate, Across, a THORChain-style network...): each provider quotes
 * a transfer, builds the source-chain transaction of one of its quotes and tracks a sent transfer. Amounts
 * are bigint base units; addresses are strings because a side may be a non-EVM chain (a UTXO or Cosmos
 * chain: base58/bech32 addresses). Chain ids are the numeric ids of `server/chains/chainInfo.ts`
 * (negative for non-EVM chains, as in the compatible API).
 */

/** A chain as providers see it: its numeric id (BTC -3980891822, Cosmos Hub -978111860, Ethereum 1). */
export type ProviderChainId = number

/** One side of a transfer: the chain, the asset on it (the zero address for the native coin). */
export interface ProviderAsset {
  chainId: ProviderChainId
  /** Token address (EVM) or denom (Cosmos); the zero address is the native asset on every chain. */
  address: string
  decimals: number
}

/** What the caller asks every provider. */
export interface ProviderQuoteRequest {
  from: ProviderAsset
  to: ProviderAsset
  /** Base units of `from`. */
  amountIn: bigint
  /** Who sends on the source chain (address in the source chain's format). */
  sender: string
  /** Who receives on the destination chain (address in the destination chain's format). */
  receiver: string
  /** Fraction, e.g. 0.005 for 0.5%. */
  slippage: number
  /** The integrator's fee, basis points of what is bridged, paid to `recipient` on the source chain. */
  integratorFee?: { bps: number; recipient: string }
  /**
   * Exact output: the receiver must get exactly this many base units of `to`; `amountIn` is then ignored and
   * each quote's `request.amountIn` is the input it needs. Only providers with `exactOut` are asked.
   */
  exactAmountOut?: bigint
  /**
   * The caller's choice of the swaps on either side (the compatible API's advanced flow, `quote/cross-data`):
   * only the asset `via` is quoted, and a side that swaps takes its path instead of the best one. Providers
   * refuse (AppError INVALID_PARAMS naming the path's `param`) a path that does not lead from what the side
   * holds to what it must pay.
   */
  legs?: ProviderLegChoice
}

/** Paths chosen for the swaps of a transfer, and the asset that must cross for them. */
export interface ProviderLegChoice {
  /** `route.via` of the offer the paths were listed for. */
  via: string
  source?: ProviderChosenPath
  destination?: ProviderChosenPath
}

/** A path chosen for one side's swap: its hops (each spends all it holds), and the parameter that named it. */
export interface ProviderChosenPath {
  plan: readonly RouteStepPlan[]
  param: string
}

/** The sides of a cross-chain send an attribution tag binds, with the contract whose event carries it. */
export interface TaggedCrossSend {
  contract: `0x${string}`
  sender: `0x${string}`
  receiver: `0x${string}`
  tokenIn: `0x${string}`
  tokenOut: `0x${string}`
}

/** A provider's fee, in base units of `asset`. */
export interface ProviderFee {
  kind: 'protocol' | 'gas' | 'relayer' | 'liquidity' | 'integrator'
  asset: ProviderAsset
  amount: bigint
}

/** One way a provider would carry the transfer. */
export interface ProviderQuote {
  /** `provider.id` of the provider that made it. */
  providerId: string
  request: ProviderQuoteRequest
  /** Expected base units of `request.to` the receiver gets. */
  amountOut: bigint
  /** Least base units of `request.to` the receiver gets, or the transfer refunds. */
  amountOutMin: bigint
  fees: ProviderFee[]
  /** Expected seconds from the source transaction to delivery. */
  estimatedDurationSec: number
  /** How it gets there: the asset it carries between the chains, and whether each side swaps. */
  route?: ProviderRoute
  /** Unix seconds after which `buildTransaction` must not be called for it. */
  expiresAt: number
  /**
   * Native currency (wei) the source transaction must carry for the provider beyond the input itself (a
   * messaging fee); 0 when none.
   */
  nativeFee: bigint
  /**
   * Provider-specific data `buildTransaction` needs (route ids, vault addresses, memo...), JSON-safe: it
   * travels to the client in `transactionData` and may come back altered, so providers re-check it.
   */
  details: Readonly<Record<string, ProviderJson>>
}

/** The shape of a quote's path: the asset carried between the chains and the swaps on either side. */
export interface ProviderRoute {
  /** Symbol of what crosses (`USDC`, `ETH`; `RUNE` for the liquidity network's pools). */
  via: string
  sourceSwap: boolean
  destinationSwap: boolean
  /** The swap on the source chain into what crosses, when there is one. */
  sourceLeg?: ProviderSwapLeg
  /** The swap on the destination chain from what arrives, when there is one. */
  destinationLeg?: ProviderSwapLeg
}

/**
 * A swap on one side of a transfer as planned: one path of pools through the Aggregator's route (each hop spends
 * all it holds), priced exactly on the chain's pool snapshot.
 */
export interface ProviderSwapLeg {
  chainId: number
  /** The tokens as the trade names them (the zero address for native currency). */
  tokenIn: Address
  tokenOut: Address
  /** Base units of `tokenIn` the path spends. */
  amountIn: bigint
  /** Base units of `tokenOut` the path pays for `amountIn` (exactly, on the snapshot). */
  amountOut: bigint
  /** Planned for an output: `amountIn` is the least input whose path pays `amountOut` or more. */
  exactOut: boolean
  /** The least output the swap is held to (its min-out on chain). */
  amountOutMin: bigint
  /** The path's hops, with what each spends and pays for `amountIn`. */
  plan: readonly RouteStepQuote[]
}

/** A JSON value (what survives the trip to the client and back). */
export type ProviderJson =
  | string
  | number
  | boolean
  | null
  | readonly ProviderJson[]
  | { readonly [key: string]: ProviderJson }

/** An EVM transaction to sign on the source chain. */
export interface EvmProviderTransaction {
  family: 'evm'
  chainId: number
  to: `0x${string}`
  data: `0x${string}`
  /** Wei. */
  value: bigint
  /** ERC-20 the sender must approve to `spender` first, if any. */
  approval?: { token: `0x${string}`; spender: `0x${string}`; amount: bigint }
}

/**
 * A UTXO-chain payment (a THORChain-style deposit): pay `amount` to `to` with `memo` (OP_RETURN), or, with
 * `memoless`, with no memo at all: the network reads the memo registered for the reference `amount` carries.
 */
export interface UtxoProviderTransaction {
  family: 'utxo'
  chainId: number
  to: string
  /** Base units (satoshis). */
  amount: bigint
  /** The swap memo: written in an OP_RETURN, or (memoless) the memo the network resolves the payment to. */
  memo: string
  /** Set for a deposit paid without a memo: the registration its amount names. */
  memoless?: MemolessDeposit
}

/** How a deposit without a memo is told apart: the reference in its amount, registered for the memo. */
export interface MemolessDeposit {
  /** The amount's last digits (`00042`). */
  reference: string
  /** The THORChain transaction that registered the memo (upper-case hex). */
  registrationHash: string
  /** What the receiver is expected to get for `amount` (destination base units), by the network's quote. */
  amountOut: bigint
}

/**
 * A Cosmos SDK payment (a THORChain-style deposit): a `MsgSend` of `amount` `denom` from the sender to `to`
 * with `memo` in the transaction body.
 */
export interface CosmosProviderTransaction {
  family: 'cosmos'
  chainId: number
  from: string
  to: string
  /** Base units of `denom` (uatom). */
  amount: bigint
  denom: string
  decimals: number
  memo: string
}

export type ProviderTransaction = EvmProviderTransaction | UtxoProviderTransaction | CosmosProviderTransaction

/** Where a transfer stands: sent and unconfirmed, in flight between chains, delivered, or failed (refunded). */
export type ProviderTransferState = 'PENDING' | 'INFLIGHT' | 'DELIVERED' | 'FAILED'

export interface ProviderTransferStatus {
  state: ProviderTransferState
  /** Destination transaction, once there is one. */
  destinationTxHash?: string
  /** Base units the receiver got, once delivered. */
  amountReceived?: bigint
  /** The asset the receiver got (token address or denom; the zero address for the native coin), once known. */
  tokenReceived?: string
  /** True when the receiver got another asset than asked (e.g. the bridge's canonical token instead of a swap). */
  receivedDifferentTokens: boolean
  /**
   * True once the input was refunded to the sender on the origin (state FAILED, `amountReceived` the refunded
   * input, `destinationTxHash` the refund transaction): an intent deposit left unfilled past its deadline, or a
   * liquidity-network swap the network could not pay; absent where a provider has no refunds.
   */
  refunded?: boolean
  /**
   * Why a transfer in flight waits for someone to act (absent when it does not): `COMPOSE_FAILED`, the bridged
   * asset arrived but LayerZero's compose (our destination swap) reverted and stays queued on the destination's
   * endpoint until someone delivers it again (`buildRetry`).
   */
  subStatus?: ProviderSubStatus
}

/** The reasons a transfer in flight waits for someone to act (see `ProviderTransferStatus.subStatus`). */
export type ProviderSubStatus = 'COMPOSE_FAILED'

/**
 * A transaction anyone may send to move a stuck transfer on (e.g. `EndpointV2.lzCompose` of a queued compose):
 * on EVM chain `chainId`, to `to` with `data` and `value` (wei), with at least `gas`.
 */
export interface ProviderRetryTransaction {
  chainId: number
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gas: bigint
}

/** What `GET /v1/info/cross-providers` and every answer's `providerInfo` say about a provider. */
export interface ProviderInfo {
  name: string
  logo: string
  website: string
  docsLink: string
  description: string
}

/** A transfer a provider knows by its origin transaction: where it goes and where it stands. */
export interface ProviderTransferRecord extends ProviderTransferStatus {
  sourceChainId: ProviderChainId
  destinationChainId: ProviderChainId
  originTxHash: string
}

/**
 * A deposit a liquidity network observed (a UTXO or Cosmos payment to its vault), as its deposit finder lists
 * it: where it stands, and what was actually paid, by whom, when, for whom.
 */
export interface ProviderObservedDeposit extends ProviderTransferRecord {
  sender: string
  receiver: string
  tokenIn: string
  tokenOut: string
  /** Base units of `tokenIn` actually paid. */
  amountIn: bigint
  /** When the network observed the payment. */
  observedAt: Date
  memo: string
  /** Where the refund went (refunded), else where a refund would go: the memo's refund address or the sender. */
  refundAddress: string
}

/** A transfer a provider's origin contract started, as the trade watcher finds it in a block range. */
export interface ProviderSentTransfer {
  originTxHash: `0x${string}`
  blockNumber: bigint
  blockHash: `0x${string}`
  sourceChainId: ProviderChainId
  destinationChainId: ProviderChainId
  /** Who called the origin contract. */
  sender: string
  receiver: string
  tokenIn: string
  tokenOut: string
  /** Base units of `tokenIn`. */
  amountIn: bigint
  /** The contract that emitted the send, and the attribution tag it carried (zero when none). */
  contract: `0x${string}`
  integratorId: `0x${string}`
  /** Integrator fee taken on the origin (base units of the bridged asset). */
  feeAmount: bigint
}

/** What `info/tx` already knows of an origin transaction when it asks the providers to `track` it. */
export interface TrackHint {
  /** The receipt and its EVM chain; undefined when no EVM chain of ours holds the transaction. */
  origin: OriginReceipt | undefined
}

/** A cross-chain provider. Methods throw on failure; `quoteAllProviders` isolates one provider's failure. */
export interface CrossChainProvider {
  /** Stable id (`stargate`, `across`...). */
  id: string
  /** The compatible API's `tradeProtocol` of its answers (`CROSS_CHAIN_STARGATE`, `CROSS_CHAIN_THORCHAIN`). */
  tradeProtocol: string
  /**
   * The `contractVersion` of its answers: the key of our contract that its EVM transactions and approvals go to
   * in the clients' address maps (`ContractVersion`; `v2` StargateEntry, `v3` AcrossEntry, `v4` LiquidityEntry).
   */
  contractVersion: ContractVersion
  info: ProviderInfo
  /**
   * The flow `GET /trade/v1/info/chains` advertises for the chains it serves: `crossChain` for bridges between
   * EVM chains, `utxo` for the liquidity network (UTXO and Cosmos trades).
   */
  flow: 'crossChain' | 'utxo'
  /** True when it can guarantee an exact output (`ProviderQuoteRequest.exactAmountOut`): intent bridges. */
  exactOut?: boolean
  /** True when it takes the integrator's fee (`ProviderQuoteRequest.integratorFee`) for the fee receiver. */
  integratorFee?: boolean
  /**
   * True when it builds deposits from UTXO chains that carry no memo (`buildTransaction`'s `memoless`): the
   * liquidity network with a memo registrar.
   */
  memoless?: boolean
  /** Chains it serves (as source or destination). */
  chainIds: readonly ProviderChainId[]
  /** True when it may carry a transfer from `sourceChainId` to `destinationChainId`. */
  serves(sourceChainId: ProviderChainId, destinationChainId: ProviderChainId): boolean
  /** Every quote this provider offers for `request`; empty when it does not serve the pair. */
  quote(request: ProviderQuoteRequest, options: { signal: AbortSignal }): Promise<ProviderQuote[]>
  /**
   * The source-chain transaction that executes `quote`; `tagIntegrator` gives the attribution tag (bytes32) of the
   * caller's company for a send, which providers with our own origin contract put into it; `memoless` asks a UTXO
   * deposit paid without a memo (providers with `memoless` only).
   */
  buildTransaction(
    quote: ProviderQuote,
    options?: { tagIntegrator?: (send: TaggedCrossSend) => `0x${string}`; memoless?: boolean },
  ): Promise<ProviderTransaction>
  /**
   * The transfer started by `originTxHash`, or undefined when this provider has not seen it or it is not ours:
   * an EVM origin counts only when its receipt holds our origin contract's send event (a bare SpokePool or
   * Stargate deposit is someone else's), the liquidity network's by `toOurThorchainSwap`'s rule. With
   * `hint`, the caller has already looked the receipt up on every EVM chain (`findOriginReceipt`):
   * `hint.origin` is it, or undefined when no chain holds it, and the provider does not look again.
   */
  track(originTxHash: string, hint?: TrackHint): Promise<ProviderTransferRecord | undefined>
  /**
   * The transfers its origin contract on EVM chain `chainId` started in blocks `fromBlock..toBlock` (for the
   * trade watcher, which stores them with the single-chain trades of the same blocks). Absent for providers
   * whose sources are not our contracts (deposits to a network's vaults are seen through `track`).
   */
  findSent?(params: { chainId: number; fromBlock: bigint; toBlock: bigint }): Promise<ProviderSentTransfer[]>
  /**
   * The transaction that moves the transfer started by `originTxHash` on when it is stuck where anyone may act
   * (`subStatus`, read from the chains now), or undefined when it is not. Absent for providers with no such state.
   */
  buildRetry?(originTxHash: string): Promise<ProviderRetryTransaction | undefined>
  /**
   * The deposits from UTXO and Cosmos chains the network observed most recently (newest first), ours only:
   * the cross-trade follower stores them, so they are followed and listed by address without anyone asking.
   */
  findDeposits?(): Promise<ProviderObservedDeposit[]>
}
