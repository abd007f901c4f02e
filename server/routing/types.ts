import type { Address } from 'viem'

/** Snapshot of a Uniswap V2-style pair. `reserve0/1` in base units; `feeBps` is the pair's swap fee (30). */
export interface V2PoolState {
  readonly kind: 'v2'
  readonly address: Address
  /** ExchangeInfo.id, e.g. `uniswap-v2`, `sushiswap`. */
  readonly exchangeId: string
  /** ExchangeInfo.aggregatorFactoryId: index of the factory in the Aggregator's allowlist. */
  readonly factoryId: number
  readonly token0: Address
  readonly token1: Address
  readonly reserve0: bigint
  readonly reserve1: bigint
  readonly feeBps: number
}

/** One initialized tick of a V3 pool. */
export interface V3Tick {
  readonly index: number
  readonly liquidityNet: bigint
}

/**
 * Snapshot of a Uniswap V3 pool. `ticks` lists the initialized ticks sorted ascending; the simulation is exact
 * for swaps that stay within the range the list covers (include every initialized tick a swap may reach).
 */
export interface V3PoolState {
  readonly kind: 'v3'
  readonly address: Address
  readonly exchangeId: string
  readonly factoryId: number
  readonly token0: Address
  readonly token1: Address
  /** Swap fee in pips (millionths): 500, 3000, 10000. */
  readonly fee: number
  readonly tickSpacing: number
  readonly sqrtPriceX96: bigint
  readonly tick: number
  readonly liquidity: bigint
  readonly ticks: readonly V3Tick[]
}

export type PoolState = V2PoolState | V3PoolState

/** Result of simulating one swap on one pool; `pool` is the state after the swap (inputs are never mutated). */
export interface PoolSwapResult<P extends PoolState = PoolState> {
  /** Amount the pool takes in (what it receives, fee included). */
  readonly amountIn: bigint
  /** Amount the pool sends out. */
  readonly amountOut: bigint
  readonly pool: P
  /** Initialized ticks crossed (V3; 0 for V2). */
  readonly ticksCrossed: number
  /** False when a V3 swap stopped at the price limit before using the whole specified amount. */
  readonly complete: boolean
}

/** What the router needs to know about a token; TokenInfo from server/chains/deployment.ts fits. */
export interface TokenFacts {
  readonly address: Address
  /** Tax in bps charged on every transfer: the recipient gets amount - floor(amount*bps/10000). */
  readonly transferFeeBps?: number
}

/** A rational number num/den, both bigint, den > 0. */
export interface Price {
  readonly num: bigint
  readonly den: bigint
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
}

/** ABI-ready hop: `Hop` struct of the Aggregator. */
export interface ContractHop {
  readonly kind: 0 | 1
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
