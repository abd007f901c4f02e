import { type Hex, isAddressEqual, zeroAddress } from 'viem'
import { stargateComposerAbi } from '../../../contracts/artifacts'
import { findOriginReceipt } from '../findOriginReceipt'
import type { ProviderTransferRecord, TrackHint } from '../types'
import { findOurStargateSend } from './findOurStargateSend'
import { isLogOnChain } from './isLogOnChain'
import type { StargateContext } from './stargateContext'
import { stargatePoolAbi } from './stargatePoolAbi'

/**
 * The Stargate transfer `originTxHash` started, if it is ours (our StargateEntry's `CrossSwapSent` in the
 * receipt, found on the served chains or given by `hint`): DELIVERED by the composer's `ComposeSwapped` or a
 * pool's `OFTReceived` to the receiver, FAILED by `ComposeFallback` (the bridged asset paid instead), else
 * INFLIGHT; an event whose transaction the destination no longer holds counts for nothing. Undefined for a
 * hash that is not ours. Throws what the nodes throw.
 */
export async function trackStargateTransfer(
  context: StargateContext,
  originTxHash: string,
  hint: TrackHint | undefined,
): Promise<ProviderTransferRecord | undefined> {
  const { markets, served } = context
  if (!/^0x[0-9a-fA-F]{64}$/.test(originTxHash)) return undefined
  const hash = originTxHash as Hex
  const found =
    hint === undefined
      ? await findOriginReceipt(
          served.map((d) => ({ chainId: d.chainId, client: markets.get(d.chainId).client })),
          hash,
        )
      : hint.origin
  const origin = served.find((d) => d.chainId === found?.chainId)
  if (found === undefined || origin?.stargate === undefined) return undefined
  const { receipt } = found
  // Ours only: our StargateEntry's own send event; a Stargate send made without it is someone else's
  const sent = findOurStargateSend(receipt.logs, origin.stargate.entry)
  if (sent === undefined) return undefined
  const destination = served.find((d) => d.layerZero?.eid === sent.dstEid)
  if (destination?.stargate === undefined) return undefined
  const base = {
    originTxHash,
    sourceChainId: origin.chainId,
    destinationChainId: destination.chainId,
  }
  const client = markets.get(destination.chainId).client
  const composed = await client.getContractEvents({
    address: destination.stargate.composer,
    abi: stargateComposerAbi,
    args: { guid: sent.guid },
    fromBlock: context.trackFromBlock(destination.chainId, BigInt(destination.startBlock)),
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
    fromBlock: context.trackFromBlock(destination.chainId, BigInt(destination.startBlock)),
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
  return { ...base, state: 'INFLIGHT', receivedDifferentTokens: false }
}
