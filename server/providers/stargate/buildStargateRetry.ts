import type { ProviderRetryTransaction } from '../types'
import { buildComposeRetry } from './buildComposeRetry'
import { findFailedCompose } from './findFailedCompose'
import { locateStargateSend } from './locateStargateSend'
import type { StargateContext } from './stargateContext'

/**
 * The retry of our Stargate transfer `originTxHash` whose compose failed on the destination (`findFailedCompose`,
 * read now): `EndpointV2.lzCompose` of the queued message (`buildComposeRetry`). Undefined when the hash is not
 * ours or no failed compose of it is queued. Throws what the nodes throw.
 */
export async function buildStargateRetry(
  context: StargateContext,
  originTxHash: string,
): Promise<ProviderRetryTransaction | undefined> {
  const located = await locateStargateSend(context, originTxHash, undefined)
  if (located === undefined) return undefined
  const { destination, sent } = located
  const compose = await findFailedCompose({
    client: context.markets.get(destination.chainId).client,
    endpoint: destination.layerZero.endpoint,
    composer: destination.stargate.composer,
    pools: destination.stargate.pools.map((p) => p.pool),
    guid: sent.guid,
    fromBlock: context.trackFromBlock(destination.chainId, BigInt(destination.startBlock)),
  })
  if (compose === undefined) return undefined
  return buildComposeRetry({
    chainId: destination.chainId,
    endpoint: destination.layerZero.endpoint,
    compose,
  })
}
