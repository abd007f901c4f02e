import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { planOriginSwapForOutput } from '../providers/across/planOriginSwapForOutput'
import { computeMinAfterSlippage } from '../providers/computeMinAfterSlippage'
import { computeSlippageBps } from '../providers/computeSlippageBps'
import { listSinglePathsPerExchange } from '../providers/listSinglePathsPerExchange'
import { planPathSteps } from '../providers/stargate/planPathSteps'
import type { ProviderSwapLeg } from '../providers/types'
import { resolveTradeToken } from '../quotes/resolveTradeTokens'

/** A path's identity: its pools in order. */
const pathKey = (plan: readonly { pool: { address: string } }[]) =>
  plan.map((step) => step.pool.address.toLowerCase()).join('>')

/**
 * The swaps one side of a cross-chain quote could take instead of `leg` (the compatible API's `srcTradeList` and
 * `dstTradeList`): `leg` first, then the best single path within each exchange of the chain (`listSinglePathsPerExchange`)
 * that is another path, best first, each priced exactly on the chain's current pool snapshot as the bridge
 * would run it: for the same input (its minimum `slippage` below its output), or, for an exact-output leg, the
 * least input that pays `leg`'s output (its minimum `leg`'s). Pure over the snapshot.
 */
export function listCrossLegAlternatives(
  market: ChainMarket,
  leg: ProviderSwapLeg,
  slippage: number,
): ProviderSwapLeg[] {
  const tokenIn = resolveTradeToken(market, leg.tokenIn, 'tokenIn').routeAddress
  const tokenOut = resolveTradeToken(market, leg.tokenOut, 'tokenOut').routeAddress
  const slippageBps = computeSlippageBps(slippage)
  const seen = new Set([pathKey(leg.plan)])
  const alternatives: ProviderSwapLeg[] = [leg]
  const paths = listSinglePathsPerExchange(market, {
    tokenIn,
    tokenOut,
    tradeType: leg.exactOut ? 'exactOut' : 'exactIn',
    amount: leg.exactOut ? leg.amountOut : leg.amountIn,
  })
  for (const { plan } of paths) {
    if (seen.has(pathKey(plan))) continue
    seen.add(pathKey(plan))
    const chosen = { plan, param: 'plan' }
    try {
      if (leg.exactOut) {
        const planned = planOriginSwapForOutput(market, {
          tokenIn,
          tokenOut,
          amountOut: leg.amountOut,
          chosen,
        })
        alternatives.push({
          ...leg,
          amountIn: planned.amountIn,
          amountOut: planned.amountOut,
          plan: planned.plan,
        })
      } else {
        const planned = planPathSteps(market, { tokenIn, tokenOut, amountIn: leg.amountIn, chosen })
        alternatives.push({
          ...leg,
          amountOut: planned.amountOut,
          amountOutMin: computeMinAfterSlippage(planned.amountOut, slippageBps),
          plan: planned.plan,
        })
      }
    } catch (error: unknown) {
      // the exchange's path prices the amount but not as the Aggregator's route runs it: not an alternative
      if (!(error instanceof AppError)) throw error
    }
  }
  return alternatives
}
