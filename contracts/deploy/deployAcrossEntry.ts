import type { Address } from 'viem'
import { acrossEntryAbi, acrossEntryBytecode } from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

/**
 * Deploys our origin entry `AcrossEntry(aggregator, spokePool)` (contracts/src/AcrossEntry.sol): swaps a
 * sender's token to an Across input token through `aggregator`, takes the integrator's fee and deposits into
 * `spokePool` with the sender as depositor. Uses one nonce.
 */
export async function deployAcrossEntry(
  client: DevClient,
  params: { spokePool: Address; aggregator: Address },
): Promise<{ entry: Address }> {
  const entry = await deployBytecode(client, {
    abi: acrossEntryAbi,
    bytecode: acrossEntryBytecode,
    args: [params.aggregator, params.spokePool],
  })
  return { entry }
}
