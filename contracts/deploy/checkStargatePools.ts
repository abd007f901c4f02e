import { type Address, isAddressEqual } from 'viem'
import { stargateEntryAbi } from '../artifacts/index'
import type { DeployClient } from './connectDeployChain'
import type { StargatePoolConfig } from './deployStargateComposer'

/**
 * A state check (`OurContractSpec.checkState`) that the StargateEntry or StargateComposer at an address accepts
 * each of `pools` with its token (`isPool`, `poolToken`: both contracts have them); returns the first difference.
 * A pool accepted beyond the config's cannot be seen (a mapping is not enumerable).
 */
export function checkStargatePools(pools: readonly StargatePoolConfig[]) {
  return async (client: DeployClient, address: Address): Promise<string | undefined> => {
    for (const { pool, token } of pools) {
      const [isPool, poolToken] = await Promise.all([
        client.readContract({ address, abi: stargateEntryAbi, functionName: 'isPool', args: [pool] }),
        client.readContract({ address, abi: stargateEntryAbi, functionName: 'poolToken', args: [pool] }),
      ])
      if (!isPool || !isAddressEqual(poolToken, token))
        return `pool ${pool} is not accepted with token ${token}`
    }
    return undefined
  }
}
