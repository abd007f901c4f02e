import { getAddress } from 'viem'
import type { ChainDeployment, TokenInfo } from './deployment'
import { NetworkConfigError } from './NetworkConfigError'
import type { TokenList } from './tokenListSchema'
import { toTokenTags } from './toTokenTags'

/**
 * The chains with the tokens of `lists` (in the Uniswap token-list format, `source` naming each in messages)
 * added to their own: a token joins the chain of its `chainId` (tokens of chains not served are left out), its
 * tags mapped by `toTokenTags` and its address checksummed. A token met again (same chain and address, in any
 * letter case) is kept as first met: the chain's own tokens first, then the lists in order. Throws
 * `NetworkConfigError` naming every token two sources give different decimals (a wrong amount scale would pay a
 * wrong amount). Pure.
 */
export function mergeTokenLists(
  chains: readonly ChainDeployment[],
  lists: readonly { source: string; list: TokenList }[],
): ChainDeployment[] {
  const conflicts: string[] = []
  const merged = chains.map((chain) => {
    const first = new Map<string, { decimals: number; source: string }>()
    for (const token of chain.tokens)
      if (!first.has(token.address.toLowerCase()))
        first.set(token.address.toLowerCase(), { decimals: token.decimals, source: "the chain's own tokens" })
    const added: TokenInfo[] = []
    for (const { source, list } of lists) {
      for (const token of list.tokens) {
        if (token.chainId !== chain.chainId) continue
        const key = token.address.toLowerCase()
        const met = first.get(key)
        if (met !== undefined) {
          if (met.decimals !== token.decimals)
            conflicts.push(
              `${getAddress(token.address)} on chain ${chain.chainId}: ${token.decimals} decimals in ${source}, ${met.decimals} in ${met.source}`,
            )
          continue
        }
        first.set(key, { decimals: token.decimals, source })
        added.push({
          address: getAddress(token.address),
          symbol: token.symbol,
          name: token.name,
          decimals: token.decimals,
          tags: toTokenTags(token.tags, list.tags),
        })
      }
    }
    return added.length === 0 ? chain : { ...chain, tokens: [...chain.tokens, ...added] }
  })
  if (conflicts.length > 0)
    throw new NetworkConfigError(`Token lists disagree on decimals:\n  ${conflicts.join('\n  ')}`)
  return merged
}
