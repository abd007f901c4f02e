import { isAddressEqual, zeroAddress } from 'viem'
import { stargateComposerAbi } from '../../../contracts/artifacts'
import type { ProviderTransferRecord, TrackHint } from '../types'
import { findFailedCompose } from './findFailedCompose'
import { isLogOnChain } from './isLogOnChain'
import { locateStargateSend } from './locateStargateSend'
import type { StargateContext } from './stargateContext'
import { stargatePoolAbi } from './stargatePoolAbi'

/**
 * The Stargate transfer `originTxHash` started, if it is ours (our StargateEntry's `CrossSwapSent` in the
 * receipt, found on the served chains or given by `hint`): DELIVERED by the composer's `ComposeSwapped` or a
 * pool's `OFTReceived` to the receiver, FAILED by `ComposeFallback` (the bridged asset paid instead), else
 * INFLIGHT, with `subStatus` COMPOSE_FAILED while a compose that reverted waits in the endpoint's queue
 * (`findFailedCompose`); an event whose transaction the destination no longer holds counts for nothing.
 * Undefined for a hash that is not ours. Throws what the nodes throw.
 */
export async function trackStargateTransfer(
  context: StargateContext,
  originTxHash: string,
  hint: TrackHint | undefined,
): Promise<ProviderTransferRecord | undefined> {
  const located = await locateStargateSend(context, originTxHash, hint)
  if (located === undefined) return undefined
  const { origin, sent, destination } = located
  const base = {
    originTxHash,
    sourceChainId: origin.chainId,
    destinationChainId: destination.chainId,
  }
  const client = context.markets.get(destination.chainId).client
  const fromBlock = context.trackFromBlock(destination.chainId, BigInt(destination.startBlock))
  const composed = await client.getContractEvents({
    address: destination.stargate.composer,
    abi: stargateComposerAbi,
    args: { guid: sent.guid },
    fromBlock,
  })
  // An event whose transaction the destination no longer holds (it rolled back) is no delivery: the
  // transfer is in flight again until the relayer delivers it anew.
  const held = await Promise.all(composed.map((event) => isLogOnChain(client, event)))
  for (const event of composed.filter((_, i) => held[i])) {
    if (event.eventName === 'ComposeSwapped')
      return {
        ...base,
        state: 'DELIVERED',
        destinationTxHash: event.transactionHash,
        amountReceived: event.args.amountOut,
        tokenReceived: event.args.tokenOut,
        receivedDifferentTokens: false,
      }
    // The destination swap failed (market moved, deadline passed): the spec's "destination trade
    // failed", with the bridged asset paid to the receiver instead.
    if (event.eventName === 'ComposeFallback')
      return {
        ...base,
        state: 'FAILED',
        destinationTxHash: event.transactionHash,
        amountReceived: event.args.amount,
        tokenReceived: event.args.token,
        receivedDifferentTokens: true,
      }
  }
  const received = await client.getContractEvents({
    abi: stargatePoolAbi,
    eventName: 'OFTReceived',
    args: { guid: sent.guid },
    fromBlock,
  })
  const arrived = received[0]
  if (
    arrived !== undefined &&
    (await isLogOnChain(client, arrived)) &&
    !isAddressEqual(arrived.args.toAddress ?? zeroAddress, destination.stargate.composer)
  )
    return {
      ...base,
      state: 'DELIVERED',
      destinationTxHash: arrived.transactionHash,
      amountReceived: arrived.args.amountReceivedLD ?? 0n,
      tokenReceived:
        destination.stargate.pools.find((p) => isAddressEqual(p.pool, arrived.address))?.token ?? zeroAddress,
      receivedDifferentTokens: false,
    }
  // The bridged asset is at the composer but the compose reverted (an executor gave it too little gas) and waits
  // in the endpoint's queue: anyone may deliver it again (`buildStargateRetry`).
  const failed = await findFailedCompose({
    client,
    endpoint: destination.layerZero.endpoint,
    composer: destination.stargate.composer,
    pools: destination.stargate.pools.map((p) => p.pool),
    guid: sent.guid,
    fromBlock,
  })
  return {
    ...base,
    state: 'INFLIGHT',
    receivedDifferentTokens: false,
    ...(failed === undefined ? {} : { subStatus: 'COMPOSE_FAILED' as const }),
  }
}
