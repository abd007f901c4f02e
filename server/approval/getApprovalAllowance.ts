import { type Address, getAddress } from 'viem'
import type { ChainMarket } from '../market/createChainMarket'
import { readAllowance } from './readAllowance'
import { resolveApprovalToken } from './resolveApprovalToken'

/**
 * `approval/allowance`: how much of `tokenAddress` the chain's Aggregator may spend for `walletAddress`,
 * read on chain, in base units (a decimal string). Throws what `resolveApprovalToken` throws for native
 * currency or an unlisted token, UPSTREAM_UNAVAILABLE when the node fails.
 */
export async function getApprovalAllowance(
  market: ChainMarket,
  query: { tokenAddress: Address; walletAddress: Address },
): Promise<{ allowance: string }> {
  const token = resolveApprovalToken(market, query.tokenAddress)
  const allowance = await readAllowance(market.client, {
    token: token.address,
    owner: query.walletAddress,
    spender: getAddress(market.deployment.aggregator),
  })
  return { allowance: allowance.toString() }
}
