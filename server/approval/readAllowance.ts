import { type Address, erc20Abi, type PublicClient } from 'viem'
import { readFromNode } from '../chains/readFromNode'

/**
 * Reads `token.allowance(owner, spender)` at the latest block, in base units. Throws
 * `AppError('UPSTREAM_UNAVAILABLE')` (cause attached) when the node cannot be reached or the call fails.
 */
export async function readAllowance(
  client: PublicClient,
  params: { token: Address; owner: Address; spender: Address },
): Promise<bigint> {
  return readFromNode('the allowance', () =>
    client.readContract({
      address: params.token,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [params.owner, params.spender],
    }),
  )
}
