import type { Address } from 'viem'
import { gaslessSettlementAbi, gaslessSettlementBytecode } from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { DevClient } from './devClient'

export type DeployGaslessSettlementParams = {
  aggregator: Address
  permit2: Address
  /** May change the relayer allowlist. */
  owner: Address
  /** The accounts allowed to submit orders (our relayers). */
  relayers: readonly Address[]
}

/**
 * Deploys `GaslessSettlement(aggregator, permit2, owner, relayers)` (docs/gasless.md); uses one nonce.
 */
export async function deployGaslessSettlement(
  client: DevClient,
  { aggregator, permit2, owner, relayers }: DeployGaslessSettlementParams,
): Promise<{ settlement: Address }> {
  const settlement = await deployBytecode(client, {
    abi: gaslessSettlementAbi,
    bytecode: gaslessSettlementBytecode,
    args: [aggregator, permit2, owner, relayers],
  })
  return { settlement }
}
