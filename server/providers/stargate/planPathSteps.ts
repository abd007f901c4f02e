import type { Address } from 'viem'
import type { ChainMarket } from '../../market/createChainMarket'
import { quoteRouteSteps } from '../../routing/quoteRouteSteps'
import { type ContractStep, toContractSteps } from '../../routing/toContractSteps'
import { planBestSinglePath } from '../planBestSinglePath'

/**
 * The best single path from `tokenIn` to `tokenOut` (ERC-20s; the wrapped native for native currency) on a
 * chain's current pool snapshot, as `Aggregator.swapExactInRoute` steps (each hop spends all it holds), with
 * the output those steps pay exactly (`quoteRouteSteps`). Throws RoutingError when no path exists.
 */
export function planPathSteps(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; amountIn: bigint },
): { steps: ContractStep[]; amountOut: bigint } {
  const { plan } = planBestSinglePath(market, {
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    tradeType: 'exactIn',
    amount: params.amountIn,
  })
  const quoted = quoteRouteSteps({
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    amountIn: params.amountIn,
    steps: plan,
  })
  if (quoted === null) throw new Error('the path does not quote as steps')
  return { steps: toContractSteps(plan), amountOut: quoted.amountOut }
}
