import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin'
import { CosmosTxError } from './CosmosTxError'

/** A validated amount of one denomination, in base units. */
export interface CosmosCoin {
  readonly denom: string
  readonly amount: bigint
}

/** The SDK's denomination rule (`[a-zA-Z][a-zA-Z0-9/:._-]{2,127}`). */
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/

/** Coins as the SDK prints them: `500uatom`, several joined by commas. */
export function formatCoins(coins: readonly { denom: string; amount: bigint | string }[]): string {
  return coins.map((coin) => `${coin.amount}${coin.denom}`).join(',')
}

/**
 * Validates protobuf coins the way `sdk.Coins.Validate` does (valid denominations, sorted, unique, amounts
 * positive integers; `allowZero` for fee lists, which may hold zero) and returns them as bigints. Refuses
 * with code 10 (invalid coins) naming the coins.
 */
export function parseCoins(coins: readonly Coin[], allowZero = false): CosmosCoin[] {
  const parsed = coins.map((coin) => {
    if (!DENOM.test(coin.denom) || !/^\d+$/.test(coin.amount)) throw new CosmosTxError(10, formatCoins(coins))
    return { denom: coin.denom, amount: BigInt(coin.amount) }
  })
  parsed.forEach((coin, i) => {
    const previous = parsed[i - 1]
    if ((!allowZero && coin.amount === 0n) || (previous && previous.denom >= coin.denom))
      throw new CosmosTxError(10, formatCoins(coins))
  })
  return parsed.filter((coin) => coin.amount > 0n)
}
