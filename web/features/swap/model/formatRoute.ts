import { formatPercent } from '../../../lib/formatPercent'
import { isSameAddress } from '../../../lib/isSameAddress'
import type { QuoteProtocol } from '../types'

/**
 * A quote's route as text, one leg per split ("70.9% WETH → USDC (Uniswap V2); 29.1% …"), each hop by the
 * symbol of a known token (else the address shortened to "0x1234…"); shares keep at most one decimal.
 */
export function formatRoute(params: {
  protocol: readonly Pick<QuoteProtocol, 'name' | 'route' | 'percentage'>[]
  tokens: readonly { address: string; symbol: string }[]
  locale?: string
}): string {
  const symbolOf = (address: string) =>
    params.tokens.find((t) => isSameAddress(t.address, address))?.symbol ?? `${address.slice(0, 6)}…`
  return params.protocol
    .map((leg) => {
      const share = formatPercent({ value: leg.percentage, maximumFractionDigits: 1, locale: params.locale })
      return `${share} ${leg.route.map(symbolOf).join(' → ')} (${leg.name})`
    })
    .join('; ')
}
