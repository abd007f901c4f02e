import { type Address, isAddressEqual } from 'viem'
import { gaslessSettlementAbi } from '../artifacts/index'
import type { DeployClient } from './connectDeployChain'

/**
 * A state check (`OurContractSpec.checkState`) that the GaslessSettlement at an address is owned by `owner` and
 * allows each of `relayers` (relayers its owner added since are no difference); returns the first difference.
 */
export function checkGaslessRoles(owner: Address, relayers: readonly Address[]) {
  return async (client: DeployClient, address: Address): Promise<string | undefined> => {
    const actual = await client.readContract({ address, abi: gaslessSettlementAbi, functionName: 'owner' })
    if (!isAddressEqual(actual, owner)) return `its owner is ${actual}, the config's ${owner}`
    for (const relayer of relayers) {
      const allowed = await client.readContract({
        address,
        abi: gaslessSettlementAbi,
        functionName: 'isRelayer',
        args: [relayer],
      })
      if (!allowed) return `relayer ${relayer} is not allowed`
    }
    return undefined
  }
}
