import type { CrossChainProvider, ProviderSentTransfer } from '../providers/types'

/**
 * Every transfer the providers' origin contracts on `chainId` started in a block range (`findSent` of each
 * provider that has one), tagged with the provider's id: what the trade watcher stores as new cross-chain
 * trades. A provider failing fails the whole range, so the watcher retries it rather than skip a send.
 */
export async function findCrossSent(
  providers: readonly CrossChainProvider[],
  chainId: number,
  range: { fromBlock: bigint; toBlock: bigint },
): Promise<(ProviderSentTransfer & { providerId: string })[]> {
  const found = await Promise.all(
    providers.map(async (provider) =>
      provider.findSent === undefined || !provider.chainIds.includes(chainId)
        ? []
        : (await provider.findSent({ chainId, ...range })).map((sent) => ({
            ...sent,
            providerId: provider.id,
          })),
    ),
  )
  return found.flat()
}
