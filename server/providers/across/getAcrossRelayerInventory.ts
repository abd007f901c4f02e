import { type Address, erc20Abi } from 'viem'
import type { ChainDeployment } from '../../chains/deployment'
import type { AcrossContext } from './acrossContext'

/**
 * The largest balance of `token` (base units) one of `destination`'s Across relayers holds: the most a fill
 * there can pay. Reads every relayer's balance on the destination's node; throws what the node throws.
 */
export async function getAcrossRelayerInventory(
  context: AcrossContext,
  destination: ChainDeployment,
  token: Address,
): Promise<bigint> {
  const client = context.markets.get(destination.chainId).client
  const balances = await Promise.all(
    (destination.across?.relayers ?? []).map((relayer) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [relayer] }),
    ),
  )
  let most = 0n
  for (const balance of balances) if (balance > most) most = balance
  return most
}
