import { poolKindOf } from '../poolKinds/poolKinds'
import { sellsToken0 } from './sellsToken0'
import type { Hop, Price, Route } from './types'

const SCALE = 10n ** 18n

function midPrice(hop: Hop): Price {
  return poolKindOf(hop.pool).midPrice(hop.pool, sellsToken0(hop.pool, hop.tokenIn))
}

/**
 * Price impact of a route as a fraction (0.012 = 1.2%): 1 - (legs' total output) / (what the legs' inputs
 * would buy at the pools' mid prices before the trade). It includes LP fees and intermediate transfer taxes,
 * not the integrator fee. Never negative.
 */
export function computePriceImpact(route: Route): number {
  let ideal = 0n
  let actual = 0n
  for (const leg of route.legs) {
    let num = leg.amountIn * SCALE
    let den = 1n
    for (const hop of leg.hops) {
      const price = midPrice(hop)
      num *= price.num
      den *= price.den
    }
    if (den === 0n) continue
    ideal += num / den
    actual += leg.amountOut * SCALE
  }
  if (ideal <= 0n || actual >= ideal) return 0
  return Number(((ideal - actual) * 1_000_000_000n) / ideal) / 1e9
}
