import { describe, expect, it } from 'vitest'
import type { TokenInfo } from '../chains/deployment'
import type { ChainMarket } from '../market/createChainMarket'
import { listWarmUpQueries } from './warmUpQuotes'

const token = (symbol: string, address: string, decimals: number, tags: string[], extra = {}): TokenInfo =>
  ({ symbol, name: symbol, address, decimals, tags, ...extra }) as unknown as TokenInfo

describe('listWarmUpQueries', () => {
  it('asks every ordered pair of the first four untaxed hubs at $100, $10k and $1M, then long-tail tokens against the first hub, priced in USD', () => {
    const tokens = [
      token('ETH', '0x0000000000000000000000000000000000000000', 18, ['native']),
      token('WETH', '0x1000000000000000000000000000000000000001', 18, ['wrapped-native']),
      token('USDC', '0x1000000000000000000000000000000000000002', 6, ['stable']),
      token('TAX', '0x1000000000000000000000000000000000000003', 18, ['major'], { transferFeeBps: 100 }),
      token('WBTC', '0x1000000000000000000000000000000000000004', 8, ['major']),
      token('PEPE', '0x1000000000000000000000000000000000000005', 18, []),
      token('DAI', '0x1000000000000000000000000000000000000006', 18, ['stable']),
      token('LINK', '0x1000000000000000000000000000000000000007', 18, ['major']),
    ]
    const usd = new Map<string, number>([
      [tokens[1]?.address ?? '', 2000],
      [tokens[2]?.address ?? '', 1],
      [tokens[4]?.address ?? '', 50_000],
      [tokens[5]?.address ?? '', 0.5],
      // DAI has no USD price: it is asked for, never sold
    ])
    const market = {
      deployment: { tokens },
      getUsdPrice: (address: string) => usd.get(address),
    } as unknown as ChainMarket
    const queries = listWarmUpQueries(market)
    // WETH, USDC, WBTC and DAI; three of them priced, each against the three others, at three sizes; then the
    // long-tail PEPE sold for and bought with WETH at $1k and $30k
    expect(queries).toHaveLength(3 * 3 * 3 + 4)
    expect(queries.slice(0, 3).map((q) => [q.fromTokenAddress, q.toTokenAddress, q.amount])).toEqual([
      [tokens[1]?.address, tokens[2]?.address, 50_000_000_000_000_000n],
      [tokens[1]?.address, tokens[2]?.address, 5_000_000_000_000_000_000n],
      [tokens[1]?.address, tokens[2]?.address, 500_000_000_000_000_000_000n],
    ])
    expect(queries.filter((q) => q.fromTokenAddress === tokens[4]?.address).map((q) => q.amount)).toEqual([
      200_000n,
      20_000_000n,
      2_000_000_000n,
      200_000n,
      20_000_000n,
      2_000_000_000n,
      200_000n,
      20_000_000n,
      2_000_000_000n,
    ])
    expect(queries.some((q) => q.fromTokenAddress === tokens[6]?.address)).toBe(false)
    expect(queries.slice(27).map((q) => [q.fromTokenAddress, q.toTokenAddress, q.amount])).toEqual([
      [tokens[5]?.address, tokens[1]?.address, 2_000_000_000_000_000_000_000n],
      [tokens[1]?.address, tokens[5]?.address, 500_000_000_000_000_000n],
      [tokens[5]?.address, tokens[1]?.address, 60_000_000_000_000_000_000_000n],
      [tokens[1]?.address, tokens[5]?.address, 15_000_000_000_000_000_000n],
    ])
  })

  it('spreads the long-tail tokens over the list and sells each for the next', () => {
    const hub = token('WETH', '0x2000000000000000000000000000000000000000', 18, ['wrapped-native'])
    // 48 long-tail tokens, every one priced at $1: the warm-up takes 24, every other one
    const tail = Array.from({ length: 48 }, (_, i) =>
      token(`T${i}`, `0x30000000000000000000000000000000000000${i.toString(16).padStart(2, '0')}`, 18, []),
    )
    const market = {
      deployment: { tokens: [hub, ...tail] },
      getUsdPrice: (address: string) => (address === hub.address ? 2000 : 1),
    } as unknown as ChainMarket
    const queries = listWarmUpQueries(market)
    const picked = tail.filter((_, i) => i % 2 === 0).map((t) => t.address)
    const sold = [...new Set(queries.map((q) => q.fromTokenAddress).filter((a) => a !== hub.address))]
    expect(sold).toEqual(picked)
    // each against the hub both ways at $1k and $30k, then each but the last sold for the next at both sizes
    expect(queries).toHaveLength(24 * 4 + 23 * 2)
    expect(
      queries.slice(24 * 4, 24 * 4 + 2).map((q) => [q.fromTokenAddress, q.toTokenAddress, q.amount]),
    ).toEqual([
      [picked[0], picked[1], 1_000_000_000_000_000_000_000n],
      [picked[0], picked[1], 30_000_000_000_000_000_000_000n],
    ])
  })
})
