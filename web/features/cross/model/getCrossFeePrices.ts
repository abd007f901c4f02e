import { type CrossFeePrice, getCrossFeePriceKey } from './computeCrossFeesUsd'

interface PricedSide {
  chainId: number
  token: { address: string; symbol: string; decimals: number }
  /** Base units traded on this side and their USD value (null: unpriced). */
  amount: bigint
  usd: number | null
}

/**
 * Prices for `computeCrossFeesUsd`: every listed token of both chains at its list price, then the two traded
 * tokens at the price the offer itself implies (its USD value over its amount, when priced), which covers the UTXO and
 * Cosmos coins no list carries.
 */
export function getCrossFeePrices(params: {
  lists: readonly { chainId: number; tokens: readonly (CrossFeePrice & { address: string })[] }[]
  sides: readonly PricedSide[]
}): Map<string, CrossFeePrice> {
  const prices = new Map<string, CrossFeePrice>()
  for (const list of params.lists)
    for (const t of list.tokens)
      prices.set(getCrossFeePriceKey(list.chainId, t.address), {
        symbol: t.symbol,
        decimals: t.decimals,
        priceInUsd: t.priceInUsd ?? null,
      })
  for (const side of params.sides) {
    const whole = Number(side.amount) / 10 ** side.token.decimals
    if (side.usd === null || whole === 0) continue
    prices.set(getCrossFeePriceKey(side.chainId, side.token.address), {
      symbol: side.token.symbol,
      decimals: side.token.decimals,
      priceInUsd: side.usd / whole,
    })
  }
  return prices
}
