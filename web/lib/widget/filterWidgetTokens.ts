import { isAddress, isAddressEqual } from 'viem'

interface TokenLike {
  address: string
  symbol: string
}

/** True when `token` is `ref`: the same address when `ref` is an address, else the same symbol (any case). */
export function matchesTokenRef(token: TokenLike, ref: string): boolean {
  if (isAddress(ref, { strict: false }) && isAddress(token.address, { strict: false }))
    return isAddressEqual(token.address, ref)
  return token.symbol.toLowerCase() === ref.toLowerCase()
}

/** The tokens the widget offers: those matching one of `allowed` (symbols or addresses), all when unset. */
export function filterWidgetTokens<T extends TokenLike>(
  tokens: readonly T[],
  allowed: readonly string[] | undefined,
) {
  if (allowed === undefined) return tokens
  return tokens.filter((token) => allowed.some((ref) => matchesTokenRef(token, ref)))
}
