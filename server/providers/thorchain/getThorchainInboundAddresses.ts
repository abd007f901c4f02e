import { chainIdOfThorChain } from './thorchainAssets'
import type { ThorchainContext } from './thorchainContext'

/**
 * The network's inbound vault (and router on EVM chains) per served chain, read from THORNode, and whether
 * the network halted it. Throws what THORNode's client throws.
 */
export async function getThorchainInboundAddresses(
  context: ThorchainContext,
): Promise<{ chainId: number; address: string; router?: string; halted: boolean }[]> {
  const list = await context.readInbound()
  return list.flatMap((a) => {
    const chainId = chainIdOfThorChain(a.chain)
    if (chainId === undefined || !context.chains().includes(chainId)) return []
    return [{ chainId, address: a.address, ...(a.router ? { router: a.router } : {}), halted: a.halted }]
  })
}
