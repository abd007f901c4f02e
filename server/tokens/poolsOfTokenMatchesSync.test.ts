import { type Address, getAddress, isAddressEqual, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmChainIds } from '../chains/chainInfo'
import { getPoolKind } from '../poolKinds/poolKinds'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

/** Uniswap V4 pools `poolsOfToken` tries: the standard fee and tick-spacing pairs (see uniswapV4PoolKind). */
const standardV4 = new Set(['100/1', '500/10', '3000/60', '10000/200'])

/**
 * `PoolKind.poolsOfToken` against what pool sync found in the creation logs: for each token of every devnet chain
 * (hubs too, against the other hubs), the pools each exchange's factory names against the hub tokens are exactly the followed pools of
 * that exchange between the token and a hub (V4: of the standard fee and tick-spacing pairs).
 */
describe('poolsOfToken finds what the creation logs announced, on every devnet chain', () => {
  let h: DevnetHarness
  beforeAll(async () => {
    h = await startDevnetHarness({})
  })
  afterAll(async () => {
    await h?.stop()
  })

  it.each(evmChainIds)('chain %i', async (chainId) => {
    const market = h.markets.get(chainId)
    const { deployment } = market
    const snapshot = market.getSnapshot()
    const hubs = deployment.tokens
      .filter((t) => t.tags.some((tag) => tag === 'stable' || tag === 'major' || tag === 'wrapped-native'))
      .map((t) => getAddress(t.address))
    const isHub = (token: Address) => hubs.some((hub) => isAddressEqual(hub, token))
    const kinds = new Set<string>()
    let compared = 0
    // native currency is listed at the zero address; it is no ERC-20 to import
    for (const token of deployment.tokens.filter((t) => !isAddressEqual(t.address, zeroAddress))) {
      for (const exchange of deployment.exchanges) {
        const found = await getPoolKind(exchange.kind).poolsOfToken(market.client, {
          exchange,
          token: token.address,
          hubs,
          wrappedNative: deployment.wrappedNative,
          blockNumber: snapshot.blockNumber,
          multicallAddress: deployment.multicall3,
        })
        const followed = snapshot.pools.filter((p) => {
          if (p.exchangeId !== exchange.id) return false
          const other = isAddressEqual(p.token0, token.address)
            ? p.token1
            : isAddressEqual(p.token1, token.address)
              ? p.token0
              : undefined
          if (other === undefined || !isHub(other)) return false
          return p.kind !== 'uniswap-v4' || standardV4.has(`${p.fee}/${p.tickSpacing}`)
        })
        const listed = (pools: readonly { address: Address; token0: Address; token1: Address }[]) =>
          pools.map((p) => `${p.address.toLowerCase()} ${p.token0} ${p.token1}`).sort()
        expect(listed(found), `${token.symbol} on ${exchange.id}`).toEqual(listed(followed))
        compared += followed.length
        for (const p of followed) kinds.add(p.kind)
      }
    }
    expect(compared).toBeGreaterThan(0)
    // every exchange's kind was compared on at least one pool
    expect([...kinds].sort()).toEqual([...new Set(deployment.exchanges.map((e) => e.kind))].sort())
  })
})
