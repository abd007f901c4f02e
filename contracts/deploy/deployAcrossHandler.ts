import type { Address } from 'viem'
import { acrossHandlerAbi, acrossHandlerBytecode } from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

/**
 * Deploys our destination handler `AcrossHandler(spokePool, aggregator)` (contracts/src/AcrossHandler.sol):
 * the only caller it accepts is `spokePool`; it swaps through `aggregator`. Uses one nonce.
 */
export async function deployAcrossHandler(
  client: DevClient,
  params: { spokePool: Address; aggregator: Address },
): Promise<{ handler: Address }> {
  const handler = await deployBytecode(client, {
    abi: acrossHandlerAbi,
    bytecode: acrossHandlerBytecode,
    args: [params.spokePool, params.aggregator],
  })
  return { handler }
}
