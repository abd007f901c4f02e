import type { Address } from 'viem'
import type { RouteStep } from '../../server/gasless/gaslessOrderTypes'
import { FACTORY_UNISWAP_V2 } from './deploySwapFixture'

/** One Aggregator step as the entries, handlers and composer take it (`Types.Step`). */
export type Step = RouteStep

const ONE = 10n ** 18n

/** A step through a Uniswap V2 pool of `factoryId` (default the fixture's Uniswap V2), `share` of 1e18 (all). */
export function v2Step(
  tokenIn: Address,
  tokenOut: Address,
  factoryId = FACTORY_UNISWAP_V2,
  share = ONE,
): Step {
  return { kind: 0, factoryId, tokenIn, tokenOut, fee: 0, share }
}

/** Uniswap V2's output for `amountIn` against the reserves (0.3 % fee), base units. */
export function v2Out(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  return (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
}
