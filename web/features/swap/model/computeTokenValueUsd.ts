import { formatUnits } from 'viem'

/**
 * USD value of `amount` base units of a token with `decimals` priced at `priceInUsd` per whole token;
 * undefined when the token has no price.
 */
export function computeTokenValueUsd(params: {
  amount: bigint
  decimals: number
  priceInUsd: number | null
}): number | undefined {
  if (params.priceInUsd === null) return undefined
  return Number(formatUnits(params.amount, params.decimals)) * params.priceInUsd
}
