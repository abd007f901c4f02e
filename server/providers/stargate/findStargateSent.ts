import { stargateEntryAbi } from '../../../contracts/artifacts'
import { toProviderSentTransfers } from '../toProviderSentTransfers'
import type { ProviderSentTransfer } from '../types'
import type { StargateContext } from './stargateContext'

/**
 * The Stargate transfers our StargateEntry on `chainId` started in blocks `fromBlock..toBlock`, by its
 * `CrossSwapSent` and `CrossSwapAttributed` events; empty on a chain Stargate does not serve. Throws what the
 * node throws.
 */
export async function findStargateSent(
  context: StargateContext,
  { chainId, fromBlock, toBlock }: { chainId: number; fromBlock: bigint; toBlock: bigint },
): Promise<ProviderSentTransfer[]> {
  const origin = context.deploymentOf(chainId)
  if (origin?.stargate === undefined) return []
  const entry = origin.stargate.entry
  const client = context.markets.get(chainId).client
  const range = { address: entry, abi: stargateEntryAbi, fromBlock, toBlock, strict: true } as const
  const [events, attributions] = await Promise.all([
    client.getContractEvents({ ...range, eventName: 'CrossSwapSent' }),
    client.getContractEvents({ ...range, eventName: 'CrossSwapAttributed' }),
  ])
  return toProviderSentTransfers({
    chainId,
    contract: entry,
    key: 'guid',
    sends: events,
    attributions,
    destinationOf: (event) => context.served.find((d) => d.layerZero?.eid === event.args.dstEid)?.chainId,
  })
}
