import type { CrossServices } from './crossServices'
import type { CrossSide } from './resolveCrossSide'

/**
 * USD price of one whole unit of a side's asset: EVM tokens and coins by their chain's markets, UTXO and
 * Cosmos coins by the liquidity network's pools valued through the EVM coins it pools. Undefined when unknown
 * (then the $10 minimum is not checked; the providers' own minimums still hold).
 */
export async function priceCrossSide(services: CrossServices, side: CrossSide): Promise<number | undefined> {
  const { markets, thorchain } = services
  const { priceAddress } = side
  if (priceAddress !== undefined) {
    try {
      return markets.get(side.chain.id).getUsdPrice(priceAddress)
    } catch {
      return undefined // no snapshot yet: the price is unknown
    }
  }
  if (thorchain === undefined) return undefined
  return thorchain
    .usdPriceOf(side.chain.id, (chainId) => {
      const market = markets.all().find((m) => m.chainId === chainId)
      return market?.getUsdPrice(market.deployment.wrappedNative)
    })
    .catch(() => undefined)
}
