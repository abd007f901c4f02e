import type { Address } from 'viem'
import { AppError } from '../../errors'
import type { ChainMarket } from '../../market/createChainMarket'
import { quoteRouteSteps, type RouteStepQuote } from '../../routing/quoteRouteSteps'
import { type ContractStep, toContractSteps } from '../../routing/toContractSteps'
import { assertChosenPathEnds } from '../assertChosenPathEnds'
import { planBestSinglePath } from '../planBestSinglePath'
import type { ProviderChosenPath } from '../types'

/**
 * Doublings of the first guess before the search gives up (the pools cannot pay that much): from the exact-out
 * route's own estimate, or from 1 base unit for a chosen path (2^255 exceeds any amount).
 */
const MAX_DOUBLINGS = 255

/**
 * The least input of `tokenIn` whose best single path (or the `chosen` one) to `tokenOut` (ERC-20s; the wrapped
 * native for native currency) pays at least `amountOut` on a chain's current pool snapshot, as
 * `Aggregator.swapExactInRoute` steps: the path of the exact-out route, then a search of the input with the
 * exact-in quote of those steps (`quoteRouteSteps`, what the contract pays), so the returned `amountOut` (≥ the
 * one asked) and the hops' amounts (`plan`) are exact. Throws RoutingError when no path exists, an Error when the path cannot pay that much
 * (with `chosen`: AppError INVALID_PARAMS naming its `param`, also when it does not lead from `tokenIn` to
 * `tokenOut`).
 */
export function planOriginSwapForOutput(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; amountOut: bigint; chosen?: ProviderChosenPath | undefined },
): { steps: ContractStep[]; amountIn: bigint; amountOut: bigint; plan: readonly RouteStepQuote[] } {
  const { chosen } = params
  if (chosen !== undefined) assertChosenPathEnds(chosen, params.tokenIn, params.tokenOut)
  const { plan, amountIn: estimate } =
    chosen === undefined
      ? planBestSinglePath(market, {
          tokenIn: params.tokenIn,
          tokenOut: params.tokenOut,
          tradeType: 'exactOut',
          amount: params.amountOut,
        })
      : { plan: chosen.plan, amountIn: 1n }
  const quote = (amountIn: bigint) =>
    quoteRouteSteps({ tokenIn: params.tokenIn, tokenOut: params.tokenOut, amountIn, steps: plan })
  const pays = (amountIn: bigint) => quote(amountIn)?.amountOut ?? 0n
  let high = estimate > 0n ? estimate : 1n
  for (let i = 0; pays(high) < params.amountOut; i++) {
    if (i === MAX_DOUBLINGS) {
      if (chosen !== undefined)
        throw new AppError('INVALID_PARAMS', `${chosen.param}: its path cannot pay the output needed now`, {
          details: { param: chosen.param, amountOut: params.amountOut.toString() },
        })
      throw new Error('the path cannot pay the output asked')
    }
    high *= 2n
  }
  // the least input that pays enough: pays(low) < amountOut <= pays(high)
  let low = 0n
  while (high - low > 1n) {
    const mid = (low + high) / 2n
    if (pays(mid) >= params.amountOut) high = mid
    else low = mid
  }
  const paid = quote(high)
  if (paid === null) throw new Error('the path stopped paying the output it paid')
  return { steps: toContractSteps(plan), amountIn: high, amountOut: paid.amountOut, plan: paid.steps }
}
