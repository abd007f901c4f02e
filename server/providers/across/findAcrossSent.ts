import { acrossEntryAbi } from '../../../contracts/artifacts'
import { toProviderSentTransfers } from '../toProviderSentTransfers'
import type { ProviderSentTransfer } from '../types'
import type { AcrossContext } from './acrossContext'

/**
 * The Across transfers our AcrossEntry on `chainId` started in blocks `fromBlock..toBlock`, by its
 * `AcrossSwapDeposited` and `AcrossSwapAttributed` events; empty on a chain without our entry. Throws what the
 * node throws.
 */
export async function findAcrossSent(
  context: AcrossContext,
  { chainId, fromBlock, toBlock }: { chainId: number; fromBlock: bigint; toBlock: bigint },
): Promise<ProviderSentTransfer[]> {
  const origin = context.deploymentOf(chainId)
  const entry = origin?.across?.entry
  if (entry === undefined) return []
  const client = context.markets.get(chainId).client
  const range = { address: entry, abi: acrossEntryAbi, fromBlock, toBlock, strict: true } as const
  const [events, attributions] = await Promise.all([
    client.getContractEvents({ ...range, eventName: 'AcrossSwapDeposited' }),
    client.getContractEvents({ ...range, eventName: 'AcrossSwapAttributed' }),
  ])
  return toProviderSentTransfers({
    chainId,
    contract: entry,
    key: 'depositId',
    sends: events,
    attributions,
    destinationOf: (event) => context.deploymentOf(Number(event.args.destinationChainId))?.chainId,
  })
}
