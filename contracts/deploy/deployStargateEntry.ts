import type { Address } from 'viem'
import { stargateEntryAbi, stargateEntryBytecode } from '../artifacts/index'
import { deployBytecode } from './deployBytecode'
import type { StargatePoolConfig } from './deployStargateComposer'
import type { DevClient } from './devClient'

export type DeployStargateEntryParams = {
  aggregator: Address
  /** The Stargate pools `swapAndSend` may send through, fixed for the contract's lifetime. */
  pools: readonly StargatePoolConfig[]
}

/**
 * Deploys our origin entry `StargateEntry(aggregator, pools)` (docs/stargate-composer.md); uses one nonce.
 * The devnet deploys it on every chain (devnet/bridges/deployChainBridges.ts).
 */
export async function deployStargateEntry(
  client: DevClient,
  { aggregator, pools }: DeployStargateEntryParams,
): Promise<{ entry: Address }> {
  const entry = await deployBytecode(client, {
    abi: stargateEntryAbi,
    bytecode: stargateEntryBytecode,
    args: [aggregator, pools],
  })
  return { entry }
}
