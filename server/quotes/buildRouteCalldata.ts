import { type Address, encodeFunctionData, type Hex, zeroAddress } from 'viem'
import { aggregatorAbi } from '../../contracts/artifacts'
import type { ContractStep } from '../routing/toContractSteps'

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
      {
        tokenIn: call.tokenIn,
        tokenOut: call.tokenOut,
        amountIn: call.amountIn,
        amountOut: call.amountOutMin,
        receiver: call.receiver,
        deadline: call.deadline,
        feeRecipient: call.feeBps > 0 ? call.feeRecipient : zeroAddress,
        feeBps: call.feeBps,
        integratorId: call.integratorId,
      },
      call.steps.map((s) => ({ ...s })),
    ],
  })
}
