import { type Address, getAddress } from 'viem'
import type { ContractStep } from '../../routing/toContractSteps'
import { computeMinAfterSlippage } from '../computeMinAfterSlippage'
import { computeSlippageBps } from '../computeSlippageBps'
import { planPathSteps } from '../stargate/planPathSteps'
import type { ProviderQuoteRequest } from '../types'
import { findLiquidityEntryDeployment } from './findLiquidityEntryDeployment'
import type { ThorchainContext } from './thorchainContext'

/**
 * An ERC-20 input swapped to the native coin on its chain through our LiquidityEntry: the entry, the path, what
 * it pays and its minimum at the request's slippage, on the chain's current pool snapshot. Undefined when the
 * chain has no entry or markets, or no path pays.
 */
export function planThorchainOriginSwap(
  context: ThorchainContext,
  request: ProviderQuoteRequest,
): { entry: Address; steps: ContractStep[]; nativeOut: bigint; minNativeOut: bigint } | undefined {
  const deployment = findLiquidityEntryDeployment(context.deployments, request.from.chainId)
  if (deployment?.liquidityEntry === undefined || context.markets === undefined) return undefined
  try {
    const planned = planPathSteps(context.markets.get(deployment.chainId), {
      tokenIn: getAddress(request.from.address),
      tokenOut: deployment.wrappedNative,
      amountIn: request.amountIn,
    })
    const slippageBps = computeSlippageBps(request.slippage)
    return {
      entry: deployment.liquidityEntry,
      steps: planned.steps,
      nativeOut: planned.amountOut,
      minNativeOut: computeMinAfterSlippage(planned.amountOut, slippageBps),
    }
  } catch (_error: unknown) {
    return undefined
  }
}
