import type { Hex } from 'viem'
import { findOriginReceipt } from '../findOriginReceipt'
import type { TrackHint } from '../types'
import { findOurStargateSend } from './findOurStargateSend'
import type { StargateContext } from './stargateContext'

/**
 * Our Stargate send in origin transaction `originTxHash` (our StargateEntry's `CrossSwapSent` in its receipt,
 * found on the served chains or given by `hint`), with its origin and destination deployments. Undefined for a
 * hash that is not ours or goes to a chain not served. Throws what the nodes throw.
 */
export async function locateStargateSend(
  context: StargateContext,
  originTxHash: string,
  hint: TrackHint | undefined,
) {
  const { markets, served } = context
  if (!/^0x[0-9a-fA-F]{64}$/.test(originTxHash)) return undefined
  const found =
    hint === undefined
      ? await findOriginReceipt(
          served.map((d) => ({ chainId: d.chainId, client: markets.get(d.chainId).client })),
          originTxHash as Hex,
        )
      : hint.origin
  const origin = served.find((d) => d.chainId === found?.chainId)
  if (found === undefined || origin?.stargate === undefined) return undefined
  // Ours only: our StargateEntry's own send event; a Stargate send made without it is someone else's
  const sent = findOurStargateSend(found.receipt.logs, origin.stargate.entry)
  if (sent === undefined) return undefined
  const destination = served.find((d) => d.layerZero?.eid === sent.dstEid)
  if (destination?.stargate === undefined || destination.layerZero === undefined) return undefined
  return {
    origin,
    sent,
    destination: { ...destination, stargate: destination.stargate, layerZero: destination.layerZero },
  }
}
