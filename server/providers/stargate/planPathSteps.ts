import type { Address } from 'viem'
import type { ChainMarket } from '../../market/createChainMarket'
import { findBestRoute } from '../../routing'
import { quoteRouteSteps, STEP_SHARE_ONE } from '../../routing/quoteRouteSteps'
import { type ContractStep, toContractSteps } from '../../routing/toContractSteps'

/**
 * The best single path from `tokenIn` to `tokenOut` (ERC-20s; the wrapped native for native currency) on a
 * chain's current pool snapshot, as `Aggregator.swapExactInRoute` steps (each hop spends all it holds), with
 * the output those steps pay exactly (`quoteRouteSteps`). Throws RoutingError when no path exists.
 */
export function planPathSteps(
  market: ChainMarket,
  params: { tokenIn: Address; tokenOut: Address; amountIn: bigint },
): { steps: ContractStep[]; amountOut: bigint } {
  const { deployment } = market
  const route = findBestRoute({
    pools: market.getSnapshot().pools,
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    tradeType: 'exactIn',
    amount: params.amountIn,
    connectors: deployment.tokens
      .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
      .map((t) => t.address),
    tokens: deployment.tokens,
    isSplit: false,
    hopCache: market.hopCache,
  })
  const [leg] = route.legs
  if (leg === undefined) throw new Error('a route without a path')
  const plan = leg.hops.map((hop) => ({
    pool: hop.pool,
    tokenIn: hop.tokenIn,
    tokenOut: hop.tokenOut,
    share: STEP_SHARE_ONE,
  }))
  const quoted = quoteRouteSteps({
    tokenIn: params.tokenIn,
    tokenOut: params.tokenOut,
    amountIn: params.amountIn,
    steps: plan,
  })
  if (quoted === null) throw new Error('the path does not quote as steps')
  return { steps: toContractSteps(plan), amountOut: quoted.amountOut }
}
