import { type Address, isAddressEqual, zeroAddress } from 'viem'

/** Native value (wei) the swap transaction must carry: the (maximum) input for native currency, else 0. */
export function computeSwapValue(call: { tokenIn: Address; amountIn: bigint }): bigint {
  return isAddressEqual(call.tokenIn, zeroAddress) ? call.amountIn : 0n
}
