import { formatPercent } from '../../../lib/formatPercent'
import { isSameAddress } from '../../../lib/isSameAddress'
import type { QuoteProtocol } from '../types'

/** Routes of more legs than this show as one summary line, their legs listed on demand. */
export const INLINE_ROUTE_LEGS = 3

/** One leg of a route as the route views show it. */
export interface RouteLegView {
  /** Its share of the trade, e.g. "70.9%" (at most one decimal). */
  share: string
  /** Its hops by symbol, e.g. "WETH → USDC" (an unknown token as "0x1234…"). */
  path: string
  exchange: string
}

/**
 * A quote's route for the screen: each leg (share, hops, exchange), and one line of text: every leg written out
 * ("70.9% WETH → USDC (Uniswap V2); 29.1% …") up to `INLINE_ROUTE_LEGS` legs, else a summary ("Split over 24
 * routes via Uniswap V3, SushiSwap"; the exchanges by the share they carry). Pure.
 */
export function summarizeRoute(params: {
  protocol: readonly Pick<QuoteProtocol, 'name' | 'route' | 'percentage'>[]
  tokens: readonly { address: string; symbol: string }[]
  locale?: string
}): { legs: RouteLegView[]; text: string } {
  const symbolOf = (address: string) =>
    params.tokens.find((t) => isSameAddress(t.address, address))?.symbol ?? `${address.slice(0, 6)}…`
  const legs = params.protocol.map((leg) => ({
    share: formatPercent({ value: leg.percentage, maximumFractionDigits: 1, locale: params.locale }),
    path: leg.route.map(symbolOf).join(' → '),
    exchange: leg.name,
  }))
  if (legs.length <= INLINE_ROUTE_LEGS) {
    return { legs, text: legs.map((leg) => `${leg.share} ${leg.path} (${leg.exchange})`).join('; ') }
  }
  const carried = new Map<string, number>()
  for (const leg of params.protocol) carried.set(leg.name, (carried.get(leg.name) ?? 0) + leg.percentage)
  const exchanges = [...carried].sort((a, b) => b[1] - a[1]).map(([name]) => name)
  return { legs, text: `Split over ${legs.length} routes via ${exchanges.join(', ')}` }
}
