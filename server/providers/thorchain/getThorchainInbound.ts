import { getChainInfo } from '../../chains/chainInfo'
import type { ThornodeInboundAddress } from './createThornodeClient'
import type { ThorchainContext } from './thorchainContext'

/**
 * The network's current inbound vault (and router) on `chainId`, read from THORNode. Throws an Error when the
 * network lists none there, and what THORNode's client throws.
 */
export async function getThorchainInbound(
  context: ThorchainContext,
  chainId: number,
  signal?: AbortSignal,
): Promise<ThornodeInboundAddress> {
  const chain = getChainInfo(chainId)?.thorChain
  const inbound = (await context.readInbound(signal)).find((a) => a.chain === chain)
  if (inbound === undefined) throw new Error(`the network has no inbound address on chain ${chainId}`)
  return inbound
}
