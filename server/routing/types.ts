import type { Address } from 'viem'
import type { PoolState } from '../poolKinds/poolKinds'
import type { RouteStepQuote } from './quoteRouteSteps'

export type { PoolSwapResult, Price } from '../poolKinds/PoolKind'
export type { PoolKindId, PoolState } from '../poolKinds/poolKinds'

/** What the router needs to know about a token; TokenInfo from server/chains/deployment.ts fits. */
export interface TokenFacts {
  readonly address: Address
  /** Tax in bps charged on every transfer: the recipient gets amount - floor(amount*bps/10000). */
  readonly transferFeeBps?: number
  /** Imported by address (not listed): traded, never routed through (see `routeConnectors`). */
  readonly unverified?: boolean
}

export type TradeType = 'exactIn' | 'exactOut'

/** One swap inside a leg. Amounts are as the aggregator sees them (sent / balance increase). */
export interface Hop {
  readonly pool: PoolState
  readonly tokenIn: Address
  readonly tokenOut: Address
  /** Amount the aggregator transfers to (or is charged by) the pool. */
  readonly amountIn: bigint
  /** The aggregator's balance increase of tokenOut (after any transfer tax). */
  readonly amountOut: bigint
  readonly ticksCrossed: number
}

/** A path executed in sequence. `amountIn` is this leg's share of the aggregator's input (after the pull tax). */
export interface Leg {
  readonly amountIn: bigint
  /** The aggregator's balance increase of the output token from this leg (gross, before integrator fee). */
  readonly amountOut: bigint
  readonly hops: readonly Hop[]
}

export interface Route {
  readonly tradeType: TradeType
  readonly tokenIn: Address
  readonly tokenOut: Address
  /** Pulled from the sender (exactIn: the requested amount; exactOut: what the legs need). */
  readonly amountIn: bigint
  /** The receiver's balance increase: gross - integrator fee - tokenOut transfer tax. */
  readonly amountOut: bigint
  /** The aggregator's total tokenOut gained from the legs, before the integrator fee. */
  readonly amountOutGross: bigint
  /** Integrator fee in tokenOut: floor(gross*feeBps/10000) exact-in, G - amountOut exact-out. */
  readonly feeAmount: bigint
  readonly feeBps: number
  readonly legs: readonly Leg[]
  /** Estimated gas of the whole transaction, from the gas model. */
  readonly gasUnits: bigint
  /** gasUnits * gasPriceWei in the cost token (tokenOut for exactIn, tokenIn for exactOut); 0 without a price. */
  readonly gasCostInToken: bigint
  /**
   * Set when the route is a split-and-merge flow (exact input only) that `Aggregator.swapExactInRoute` runs
   * as these steps; `legs` then only describe it as paths (a pool shared by paths appears in each, with its part).
   */
  readonly steps?: readonly RouteStepQuote[]
}

/** ABI-ready hop: `Hop` struct of the Aggregator. */
export interface ContractHop {
  /** The pool kind's `contractKind`. */
  readonly kind: number
  readonly factoryId: number
  readonly tokenIn: Address
  readonly tokenOut: Address
  readonly fee: number
}

/** ABI-ready leg: `Leg` struct of the Aggregator. */
export interface ContractLeg {
  readonly amount: bigint
  readonly hops: readonly ContractHop[]
}
