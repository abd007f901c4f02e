import type { Address } from 'viem'
import type { ChainMarket } from '../../market/createChainMarket'
import { quoteRouteSteps } from '../../routing/quoteRouteSteps'
import { type ContractStep, toContractSteps } from '../../routing/toContractSteps'
import { planBestSinglePath } from '../planBestSinglePath'

/** Doublings of the route's own estimate before the search gives up (the pools cannot pay that much). */
const MAX_DOUBLINGS = 64

/**
 * The least input of `tokenIn` whose best single path to `tokenOut` (ERC-20s; the wrapped native for native
 * currency) pays at least `amountOut` on a chain's current pool snapshot, as `Aggregator.swapExactInRoute`
 * steps: the path of the exact-out route, then a search of the input with the exact-in quote of those steps
 * (`quoteRouteSteps`, what the contract pays), so the returned `amountOut` (≥ the one asked) is exact. Throws
 * RoutingError when no path exists, an Error when the path cannot pay that much.
 */
export function planOriginSwapForOutput(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; amountOut: bigint },
): { steps: ContractStep[]; amountIn: bigint; amountOut: bigint } {
  const { plan, amountIn: estimate } = planBestSinglePath(market, {
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    tradeType: 'exactOut',
    amount: params.amountOut,
  })
  const pays = (amountIn: bigint) =>
    quoteRouteSteps({ tokenIn: params.tokenIn, tokenOut: params.tokenOut, amountIn, steps: plan })
      ?.amountOut ?? 0n
  let high = estimate > 0n ? estimate : 1n
  for (let i = 0; pays(high) < params.amountOut; i++) {
    if (i === MAX_DOUBLINGS) throw new Error('the path cannot pay the output asked')
    high *= 2n
  }
  // the least input that pays enough: pays(low) < amountOut <= pays(high)
  let low = 0n
  while (high - low > 1n) {
    const mid = (low + high) / 2n
    if (pays(mid) >= params.amountOut) high = mid
    else low = mid
  }
  return { steps: toContractSteps(plan), amountIn: high, amountOut: pays(high) }
}
