import type { Address } from 'viem'
import { type GaslessOrder, gaslessTypes } from './gaslessOrderTypes'

export type BuildGaslessTypedDataParams = {
  chainId: number
  permit2: Address
  settlement: Address
  order: GaslessOrder
  nonce: bigint
}

/**
 * The EIP-712 document a user signs for a gasless order: Permit2's `PermitWitnessTransferFrom` of
 * `order.amountIn` of `order.srcToken` to the settlement contract (the spender), with Permit2's unordered
 * `nonce`, the order's deadline, and the order as witness. The domain is Permit2's (name, chainId,
 * verifyingContract; Permit2 has no version), so the signature binds the chain and the settlement.
 */
export function buildGaslessTypedData({
  chainId,
  permit2,
  settlement,
  order,
  nonce,
}: BuildGaslessTypedDataParams) {
  return {
    domain: { name: 'Permit2', chainId, verifyingContract: permit2 },
    types: gaslessTypes,
    primaryType: 'PermitWitnessTransferFrom' as const,
    message: {
      permitted: { token: order.srcToken, amount: order.amountIn },
      spender: settlement,
      nonce,
      deadline: order.deadline,
      witness: order,
    },
  }
}
