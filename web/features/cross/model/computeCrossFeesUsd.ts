import { formatUnits } from 'viem'

/** A fee of a cross-chain offer as the API lists it (`fees[]`): base units of `token` on `chainId`. */
export interface CrossFee {
  kind: string
  chainId: number
  token: string
  amount: string
}

/** A token's decimals and USD price per whole unit (null: unknown). */
export interface CrossFeePrice {
  symbol: string
  decimals: number
  priceInUsd: number | null
}

/** One fee for display: its kind, its amount (base units, with its token when known), its USD value when priced. */
export interface CrossFeeRow {
  kind: string
  amount: bigint
  token: { symbol: string; decimals: number } | undefined
  usd: number | undefined
}

const keyOf = (chainId: number, token: string) => `${chainId}:${token.toLowerCase()}`

/**
 * The fees of an offer in USD, each priced by `prices` (keyed `chainId:address`, lower case; see
 * `getCrossFeePriceKey`); a fee of an unknown token keeps its kind and amount, with no token. Zero fees are left out.
 * `totalUsd` sums the priced fees and is undefined when any non-zero fee is unpriced (a partial sum would
 * understate the cost).
 */
export function computeCrossFeesUsd(params: {
  fees: readonly CrossFee[]
  prices: ReadonlyMap<string, CrossFeePrice>
}): { rows: CrossFeeRow[]; totalUsd: number | undefined } {
  const rows = params.fees
    .filter((fee) => BigInt(fee.amount) !== 0n)
    .map((fee): CrossFeeRow => {
      const price = params.prices.get(keyOf(fee.chainId, fee.token))
      const amount = BigInt(fee.amount)
      if (price === undefined) return { kind: fee.kind, amount, token: undefined, usd: undefined }
      return {
        kind: fee.kind,
        amount,
        token: { symbol: price.symbol, decimals: price.decimals },
        usd:
          price.priceInUsd === null
            ? undefined
            : Number(formatUnits(amount, price.decimals)) * price.priceInUsd,
      }
    })
  const priced = rows.every((row) => row.usd !== undefined)
  return { rows, totalUsd: priced ? rows.reduce((sum, row) => sum + (row.usd ?? 0), 0) : undefined }
}

/** The key of a token in `computeCrossFeesUsd`'s prices. */
export const getCrossFeePriceKey = keyOf
