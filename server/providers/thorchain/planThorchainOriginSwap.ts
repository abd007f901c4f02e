import { type Address, getAddress } from 'viem'
import { AppError } from '../../errors'
import type { RouteStepQuote } from '../../routing/quoteRouteSteps'
import type { ContractStep } from '../../routing/toContractSteps'
import { computeMinAfterSlippage } from '../computeMinAfterSlippage'
import { computeSlippageBps } from '../computeSlippageBps'
import { planPathSteps } from '../stargate/planPathSteps'
import type { ProviderQuoteRequest } from '../types'
import { findLiquidityEntryDeployment } from './findLiquidityEntryDeployment'
import type { ThorchainContext } from './thorchainContext'

/**
 * An ERC-20 input swapped to the native coin on its chain through our LiquidityEntry: the entry, the path (the
 * best, or the one `request.legs` chose), what it pays and its minimum at the request's slippage, on the
 * chain's current pool snapshot. Undefined when the chain has no entry or markets, or no path pays; a chosen
 * path that cannot is refused (AppError INVALID_PARAMS naming it).
 */
export function planThorchainOriginSwap(
  context: ThorchainContext,
  request: ProviderQuoteRequest,
):
  | {
      entry: Address
      steps: ContractStep[]
      plan: readonly RouteStepQuote[]
      nativeOut: bigint
      minNativeOut: bigint
    }
  | undefined {
  const deployment = findLiquidityEntryDeployment(context.deployments, request.from.chainId)
  if (deployment?.liquidityEntry === undefined || context.markets === undefined) return undefined
  try {
    const planned = planPathSteps(context.markets.get(deployment.chainId), {
      tokenIn: getAddress(request.from.address),
      tokenOut: deployment.wrappedNative,
      amountIn: request.amountIn,
      chosen: request.legs?.source,
    })
    const slippageBps = computeSlippageBps(request.slippage)
    return {
      entry: deployment.liquidityEntry,
      steps: planned.steps,
      plan: planned.plan,
      nativeOut: planned.amountOut,
      minNativeOut: computeMinAfterSlippage(planned.amountOut, slippageBps),
    }
  } catch (error: unknown) {
    if (error instanceof AppError) throw error
    return undefined
  }
}
