import type { WrapKind } from './getWrapKind'

/** The words the progress view uses for a trade: "Swap"/"swap"/"Swapping", or the wrap and unwrap forms. */
export interface TradeWords {
  noun: string
  lower: string
  gerund: string
}

/** Words for a quote of `wrapKind` (undefined for a swap through pools), so a wrap never says "Swap confirmed". */
export function getTradeWords(wrapKind: WrapKind): TradeWords {
  if (wrapKind === 'wrap') return { noun: 'Wrap', lower: 'wrap', gerund: 'Wrapping' }
  if (wrapKind === 'unwrap') return { noun: 'Unwrap', lower: 'unwrap', gerund: 'Unwrapping' }
  return { noun: 'Swap', lower: 'swap', gerund: 'Swapping' }
}
