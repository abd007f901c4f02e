import type { Address } from 'viem'
import type { Markets } from '../../market/createMarkets'
import { stargatePoolAbi } from './stargatePoolAbi'

/**
 * A reader of Stargate pools' shared decimals on their chains' nodes. A pool's shared decimals are immutable,
 * so each pool is read once and the answer kept; a failed read is not kept (the next quote asks again) and
 * rejects with what the node throws.
 */
export function createSharedDecimalsReader(
  markets: Markets,
): (chainId: number, pool: Address) => Promise<number> {
  const sharedDecimalsOf = new Map<string, Promise<number>>()
  return (chainId, pool) => {
    const key = `${chainId}:${pool.toLowerCase()}`
    let read = sharedDecimalsOf.get(key)
    if (read === undefined) {
      read = markets
        .get(chainId)
        .client.readContract({ address: pool, abi: stargatePoolAbi, functionName: 'sharedDecimals' })
      // a failed read is not kept: the next quote asks again
      read.catch(() => sharedDecimalsOf.delete(key))
      sharedDecimalsOf.set(key, read)
    }
    return read
  }
}
