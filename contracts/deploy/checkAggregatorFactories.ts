import { type Address, isAddressEqual } from 'viem'
import { aggregatorAbi } from '../artifacts/index'
import type { DeployClient } from './connectDeployChain'
import type { AggregatorFactoryConfig } from './deployAggregator'

/**
 * A state check (`OurContractSpec.checkState`) that the Aggregator at an address allowlists exactly `factories`,
 * in order (`factoryCount()`, then each `factories(i)`); returns the first difference.
 */
export function checkAggregatorFactories(factories: readonly AggregatorFactoryConfig[]) {
  return async (client: DeployClient, address: Address): Promise<string | undefined> => {
    const count = await client.readContract({ address, abi: aggregatorAbi, functionName: 'factoryCount' })
    if (count !== BigInt(factories.length))
      return `it allowlists ${count} factories, the config ${factories.length}`
    for (const [i, want] of factories.entries()) {
      const [factory, initCodeHash, kind, v2FeeBps] = await client.readContract({
        address,
        abi: aggregatorAbi,
        functionName: 'factories',
        args: [BigInt(i)],
      })
      const same =
        isAddressEqual(factory, want.factory) &&
        initCodeHash.toLowerCase() === want.initCodeHash.toLowerCase() &&
        kind === want.kind &&
        v2FeeBps === want.v2FeeBps
      if (!same)
        return `its factory ${i} is ${factory} (kind ${kind}), the config's ${want.factory} (kind ${want.kind})`
    }
    return undefined
  }
}
