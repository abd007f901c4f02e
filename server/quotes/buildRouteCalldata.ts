import { type Address, encodeFunctionData, type Hex } from 'viem'
import { aggregatorAbi } from '../../contracts/artifacts'
import type { ContractStep } from '../routing/toContractSteps'
import { toAggregatorSwapParams } from './buildSwapCalldata'

/** Everything `Aggregator.swapExactInRoute` needs: the swap's parameters and its split-and-merge steps. */
export interface RouteCall {
  /** address(0) for native currency. */
  tokenIn: Address
  tokenOut: Address
  amountIn: bigint
  /** The least the receiver gets. */
  amountOutMin: bigint
  receiver: Address
  deadline: bigint
  feeRecipient: Address
  feeBps: number
  integratorId: Hex
  steps: readonly ContractStep[]
}

/** ABI-encodes the `swapExactInRoute` call for `call`. */
export function buildRouteCalldata(call: RouteCall): Hex {
  return encodeFunctionData({
    abi: aggregatorAbi,
    functionName: 'swapExactInRoute',
    args: [
      toAggregatorSwapParams({ ...call, amountOut: call.amountOutMin }),
      call.steps.map((s) => ({ ...s })),
    ],
  })
}
