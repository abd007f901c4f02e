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
  /**
   * Exact output: the receiver must get exactly this many base units of `to`; `amountIn` is then ignored and
   * each quote's `request.amountIn` is the input it needs. Only providers with `exactOut` are asked.
   */
  exactAmountOut?: bigint
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

/** A UTXO-chain payment (a THORChain-style deposit): pay `amount` to `to` with `memo` (OP_RETURN). */
export interface UtxoProviderTransaction {
  family: 'utxo'
  chainId: number
  to: string
  /** Base units (satoshis). */
  amount: bigint
  memo: string
}

/** A Cosmos SDK message to sign on the source chain. */
export interface CosmosProviderTransaction {
  family: 'cosmos'
  chainId: number
  typeUrl: string
  /** The message value as JSON (amounts as decimal strings). */
  value: Readonly<Record<string, ProviderJson>>
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
  /** True when the receiver got another asset than asked (e.g. the bridge's canonical token instead of a swap). */
  receivedDifferentTokens: boolean
  /**
   * Intent providers: true once the deposit, left unfilled past its deadline, was refunded to the sender on the
   * origin (state FAILED, `amountReceived` the refunded input); absent where a provider has no refunds.
   */
  refunded?: boolean
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

/** A cross-chain provider. Methods throw on failure; `quoteAllProviders` isolates one provider's failure. */
export interface CrossChainProvider {
  /** Stable id (`stargate`, `across`...). */
  id: string
  /** The compatible API's `tradeProtocol` of its answers (`CROSS_CHAIN_STARGATE`, `CROSS_CHAIN_THORCHAIN`). */
  tradeProtocol: string
  info: ProviderInfo
  /**
   * The flow `GET /trade/v1/info/chains` advertises for the chains it serves: `crossChain` for bridges between
   * EVM chains, `utxo` for the liquidity network (UTXO and Cosmos trades).
   */
  flow: 'crossChain' | 'utxo'
  /** True when it can guarantee an exact output (`ProviderQuoteRequest.exactAmountOut`): intent bridges. */
  exactOut?: boolean
  /** Chains it serves (as source or destination). */
  chainIds: readonly ProviderChainId[]
  /** True when it may carry a transfer from `sourceChainId` to `destinationChainId`. */
  serves(sourceChainId: ProviderChainId, destinationChainId: ProviderChainId): boolean
  /** Every quote this provider offers for `request`; empty when it does not serve the pair. */
  quote(request: ProviderQuoteRequest, options: { signal: AbortSignal }): Promise<ProviderQuote[]>
  /** The source-chain transaction that executes `quote`. */
  buildTransaction(quote: ProviderQuote): Promise<ProviderTransaction>
  /** The transfer started by `originTxHash`, or undefined when this provider has not seen it. */
  track(originTxHash: string): Promise<ProviderTransferRecord | undefined>
}
