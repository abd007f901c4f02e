import type { ProviderQuote, ProviderQuoteRequest } from '../types'
import { quoteStargateOverPool } from './quoteStargateOverPool'
import type { StargateContext } from './stargateContext'

/**
 * The Stargate quotes for `request`: one per asset both chains have a pool of (`quoteStargateOverPool`); a
 * pool that cannot carry it (no path, a failed read) is left out. With chosen legs (`request.legs`) only the
 * pool of their asset is quoted, and its refusal is thrown. Empty when Stargate does not serve the pair.
 */
export async function quoteStargate(
  context: StargateContext,
  request: ProviderQuoteRequest,
): Promise<ProviderQuote[]> {
  const origin = context.deploymentOf(request.from.chainId)
  const destination = context.deploymentOf(request.to.chainId)
  if (
    origin?.stargate === undefined ||
    destination?.stargate === undefined ||
    destination.layerZero === undefined
  )
    return []
  const originMarket = context.markets.get(origin.chainId)
  const destinationMarket = context.markets.get(destination.chainId)
  const quotes: ProviderQuote[] = []
  const via = request.legs?.via
  for (const pool of origin.stargate.pools) {
    const remote = destination.stargate.pools.find((p) => p.assetId === pool.assetId)
    if (remote === undefined || (via !== undefined && pool.symbol !== via)) continue
    const quote = await quoteStargateOverPool(context, {
      request,
      origin,
      destination,
      originMarket,
      destinationMarket,
      pool,
      remote,
    }).catch((error: unknown) => {
      if (via !== undefined) throw error
      return undefined
    })
    if (quote !== undefined) quotes.push(quote)
  }
  return quotes
}
