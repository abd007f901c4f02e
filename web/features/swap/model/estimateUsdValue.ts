import { formatUnits } from 'viem'

/** USD value of `amount` base units at `priceInUsd` per whole token; undefined without a usable price. */
export function estimateUsdValue(params: {
  amount: bigint
  decimals: number
  priceInUsd: number | null | undefined
}): number | undefined {
  const { amount, decimals, priceInUsd } = params
  if (priceInUsd === null || priceInUsd === undefined || !(priceInUsd > 0)) return undefined
  return Number(formatUnits(amount, decimals)) * priceInUsd
}
