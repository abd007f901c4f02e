import type { Address } from 'viem'
import { AppError } from '../../errors'
import type { ChainMarket } from '../../market/createChainMarket'
import { quoteRouteSteps, type RouteStepQuote } from '../../routing/quoteRouteSteps'
import { type ContractStep, toContractSteps } from '../../routing/toContractSteps'
import { assertChosenPathEnds } from '../assertChosenPathEnds'
import { planBestSinglePath } from '../planBestSinglePath'
import type { ProviderChosenPath } from '../types'

/**
 * The best single path from `tokenIn` to `tokenOut` (ERC-20s; the wrapped native for native currency) on a
 * chain's current pool snapshot, or the `chosen` one, as `Aggregator.swapExactInRoute` steps (each hop spends
 * all it holds), with the output those steps pay exactly (`quoteRouteSteps`) and the hops with their amounts. Throws RoutingError
 * when no path exists; with `chosen`, AppError INVALID_PARAMS naming its `param` when it does not lead from
 * `tokenIn` to `tokenOut` or cannot pay now.
 */
export function planPathSteps(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; amountIn: bigint; chosen?: ProviderChosenPath | undefined },
): { steps: ContractStep[]; amountOut: bigint; plan: readonly RouteStepQuote[] } {
  const { chosen } = params
  if (chosen !== undefined) assertChosenPathEnds(chosen, params.tokenIn, params.tokenOut)
  const plan =
    chosen?.plan ??
    planBestSinglePath(market, {
      tokenIn: params.tokenIn,
      tokenOut: params.tokenOut,
      tradeType: 'exactIn',
      amount: params.amountIn,
    }).plan
  const quoted = quoteRouteSteps({
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    amountIn: params.amountIn,
    steps: plan,
  })
  if (quoted === null) {
    if (chosen !== undefined)
      throw new AppError('INVALID_PARAMS', `${chosen.param}: its path cannot swap this amount now`, {
        details: { param: chosen.param, amountIn: params.amountIn.toString() },
      })
    throw new Error('the path does not quote as steps')
  }
  return { steps: toContractSteps(plan), amountOut: quoted.amountOut, plan: quoted.steps }
}
