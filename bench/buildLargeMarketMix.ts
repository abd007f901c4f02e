import { parseUnits, zeroAddress } from 'viem'
import { getUsdPriceE18 } from '../devnet/prices'
import { getDevnetTokens } from '../devnet/tokens'
import type { ChainDeployment, TokenInfo } from '../server/chains/deployment'

/** Requests of the large-market level: `cold` asks pairs never asked before, `warm` the same pairs at new amounts. */
export interface LargeMarketMix {
  cold: string[]
  warm: string[]
}

/** mulberry32: a small seeded generator, so every run asks the same requests in the same order. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

interface PricedToken {
  token: TokenInfo
  usd: number
}

/** The tokens of a large-market deployment with their table prices (native and wrapped at the native price). */
function pricedTokens(d: ChainDeployment): PricedToken[] {
  const { tokens, nativePriceSymbol } = getDevnetTokens(d.chainId, 'large')
  const priceBySymbol = new Map(tokens.map((t) => [t.symbol, getUsdPriceE18(t.priceSymbol)]))
  const nativeUsd = getUsdPriceE18(nativePriceSymbol)
  return d.tokens.flatMap((token) => {
    const native = token.tags.includes('native') || token.tags.includes('wrapped-native')
    const price = native ? nativeUsd : priceBySymbol.get(token.symbol)
    // fee-on-transfer tokens are left out: their quotes take another path, measured by the small mix
    if (price === undefined || token.transferFeeBps) return []
    return [{ token, usd: Number(price) / 1e18 }]
  })
}

/**
 * `count` cold and `count` warm quote/single URLs over the large market's chains 1 and 42161 (3 of 4 on chain
 * 1): each cold request a pair (in either order) not asked before in the mix, 30% hub to hub (wrapped native,
 * stables, majors), 40% long tail to hub, 30% long tail to long tail; each warm request the cold request of the
 * same index at a new amount. Sizes are log-uniform from $10 to $100k; every amount differs, so no memo of a
 * pair and amount can answer. Seeded: the same mix on every run.
 */
export function buildLargeMarketMix(params: {
  deployments: readonly ChainDeployment[]
  count: number
  seed?: number
}): LargeMarketMix {
  const random = createRandom(params.seed ?? 1)
  const chains = [1, 42161].flatMap((chainId) => {
    const d = params.deployments.find((x) => x.chainId === chainId)
    if (!d) return []
    const tokens = pricedTokens(d)
    const isHub = (t: PricedToken) =>
      t.token.tags.some(
        (tag) => tag === 'stable' || tag === 'major' || tag === 'native' || tag === 'wrapped-native',
      )
    return [{ chainId, hubs: tokens.filter(isHub), tail: tokens.filter((t) => !isHub(t)) }]
  })
  if (chains.length === 0) throw new Error('the large-market mix needs chain 1 or 42161')
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)]
    if (item === undefined) throw new Error('nothing to pick from')
    return item
  }
  const url = (chainId: number, from: PricedToken, to: PricedToken, usd: number) => {
    const units = (usd / from.usd).toFixed(Math.min(from.token.decimals, 9))
    const amount = parseUnits(units, from.token.decimals)
    const q = new URLSearchParams({
      fromTokenAddress: from.token.address,
      toTokenAddress: to.token.address,
      amount: (amount > 0n ? amount : 1n).toString(),
    })
    return `/trade/v1/${chainId}/quote/single?${q}`
  }
  const sizeUsd = () => 10 * 10 ** (4 * random())
  const isEther = (t: PricedToken) => t.token.tags.some((tag) => tag === 'native' || tag === 'wrapped-native')
  const asked = new Set<string>()
  const cold: string[] = []
  const warm: string[] = []
  while (cold.length < params.count) {
    const chain = random() < 0.75 ? (chains[0] ?? pick(chains)) : pick(chains)
    const roll = random()
    // 30% hub to hub, 40% long tail to hub (either way, below), 30% long tail to long tail
    const from = roll < 0.3 ? pick(chain.hubs) : pick(chain.tail)
    const to = roll < 0.7 ? pick(chain.hubs) : pick(chain.tail)
    // a wrap or unwrap is no routed quote
    if (from === to || (isEther(from) && isEther(to))) continue
    // the native token and its wrapped one share a pool set: count them as one token for "new pair"
    const key = (t: PricedToken) => (t.token.address === zeroAddress ? 'wrapped' : t.token.address)
    const pair = `${chain.chainId}:${[key(from), key(to)].sort().join('/')}`
    if (asked.has(pair)) continue
    asked.add(pair)
    const [a, b] = roll >= 0.3 && roll < 0.7 && random() < 0.5 ? [to, from] : [from, to]
    const usd = sizeUsd()
    cold.push(url(chain.chainId, a, b, usd))
    warm.push(url(chain.chainId, a, b, usd * (0.5 + random() * 1.5)))
  }
  return { cold, warm }
}
