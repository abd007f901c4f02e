import type { TokenBalance } from './useTokenBalances'

/** The known balances by lower-case token address (what token lists look up); unread ones are left out. Pure. */
export function toBalanceMap(balances: readonly TokenBalance[]): ReadonlyMap<string, bigint> {
  return new Map(
    balances.flatMap((b) =>
      b.amount === undefined ? [] : [[b.token.address.toLowerCase(), b.amount] as const],
    ),
  )
}
