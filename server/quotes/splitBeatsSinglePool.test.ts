import { type Address, encodeFunctionData, erc20Abi, getAddress, type Hex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployDevToken } from '../../contracts/deploy/deployDevToken'
import { devnetAbis } from '../../devnet/deployChain'
import { createApp } from '../app'
import type { ChainDeployment } from '../chains/deployment'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import { createMarkets, type Markets } from '../market/createMarkets'
import { optimalParallelV2Split } from '../poolKinds/uniswapV2/optimalParallelV2Split'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

const CHAIN_ID = 1
/** Two parallel pairs of fresh tokens at the same price, one deeper than the other. */
const RESERVES = [parseEther('1000000'), parseEther('600000')] as const
const AMOUNT_IN = parseEther('120000')

describe('a split across parallel pools beats every single pool, and the chain agrees', () => {
  let h: DevnetHarness
  let markets: Markets
  let app: ReturnType<typeof createApp>
  let tokenA: Address
  let tokenB: Address
  const pairs: Address[] = []

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
    const deployer = h.deployerClient(CHAIN_ID)
    const user = h.account(0).address
    tokenA = (await deployDevToken(deployer, { name: 'Split A', symbol: 'SPLA', decimals: 18 })).token
    tokenB = (await deployDevToken(deployer, { name: 'Split B', symbol: 'SPLB', decimals: 18 })).token
    const send = (to: Address, data: Hex) => h.sendAndWait(deployer, { to, data })
    const mint = (token: Address, to: Address, amount: bigint) =>
      send(token, encodeFunctionData({ abi: devnetAbis.token, functionName: 'mint', args: [to, amount] }))
    await mint(tokenA, user, AMOUNT_IN)
    const v2s = h.deployment(CHAIN_ID).exchanges.filter((e) => e.kind === 'uniswap-v2')
    expect(v2s.length).toBe(RESERVES.length)
    for (const [i, exchange] of v2s.entries()) {
      const reserve = RESERVES[i] ?? 0n
      await send(
        exchange.factory,
        encodeFunctionData({ abi: devnetAbis.v2Factory, functionName: 'createPair', args: [tokenA, tokenB] }),
      )
      const pair = await deployer.readContract({
        address: exchange.factory,
        abi: devnetAbis.v2Factory,
        functionName: 'getPair',
        args: [tokenA, tokenB],
      })
      await mint(tokenA, pair, reserve)
      await mint(tokenB, pair, reserve)
      await send(
        pair,
        encodeFunctionData({
          abi: devnetAbis.v2Pair,
          functionName: 'mint',
          args: [deployer.account.address],
        }),
      )
      pairs.push(getAddress(pair))
    }
    await h.approve(h.walletClient(CHAIN_ID), tokenA)

    const withTokens: ChainDeployment[] = h.deployments.map((d) => ({
      ...d,
      tokens: [
        ...d.tokens,
        { address: tokenA, symbol: 'SPLA', name: 'Split A', decimals: 18, tags: ['long-tail'] },
        { address: tokenB, symbol: 'SPLB', name: 'Split B', decimals: 18, tags: ['long-tail'] },
      ],
    }))
    markets = createMarkets({ deployments: withTokens, pollIntervalMs: 3_600_000 })
    await markets.start()
    app = createApp({
      config: loadConfig({ RATE_LIMIT_PER_MINUTE_IP: '0' }),
      deployments: withTokens,
      logger: createSilentLogger(),
      markets,
      store: h.store,
      distDir: '/nonexistent/dist',
    })
  })
  afterAll(async () => {
    markets?.stop()
    await h?.stop()
  })

  it('quotes >= 2 legs, more than each exchange alone, within 0.1 bp of the closed-form optimum, to the wei', async () => {
    const sender = h.account(0).address
    const query = new URLSearchParams({
      fromTokenAddress: tokenA,
      toTokenAddress: tokenB,
      amount: AMOUNT_IN.toString(),
      sender,
      disableEstimate: 'false',
    })
    const res = await app.request(`/trade/v1/${CHAIN_ID}/quote/single?${query}`)
    const quotes = (await res.json()) as {
      isBest: boolean
      exchangeId: string
      toTokenAmount: string
      protocol: { pools: { address: Address }[] }[]
      data: Hex
      estimateGasError?: string
    }[]
    expect(res.status).toBe(200)
    const [best, ...perExchange] = quotes
    if (!best) throw new Error('no quote')
    expect(best.isBest).toBe(true)
    expect(best.estimateGasError).toBeUndefined()
    expect(best.protocol.length).toBeGreaterThanOrEqual(2)
    expect(new Set(best.protocol.flatMap((l) => l.pools.map((p) => p.address)))).toEqual(new Set(pairs))
    expect(perExchange.map((q) => q.exchangeId).sort()).toEqual(['sushiswap', 'uniswap-v2'])
    for (const single of perExchange) {
      expect(single.protocol.length).toBe(1)
      expect(BigInt(best.toTokenAmount)).toBeGreaterThan(BigInt(single.toTokenAmount))
    }

    const optimum = optimalParallelV2Split({
      pools: RESERVES.map((r) => ({ reserveIn: r, reserveOut: r, feeBps: 30 })),
      amountIn: AMOUNT_IN,
    })
    const shortfallBps =
      Number(((optimum.amountOut - BigInt(best.toTokenAmount)) * 10_000_000n) / optimum.amountOut) / 1000
    expect(shortfallBps).toBeLessThan(0.1)

    const before = await h.balanceOf(CHAIN_ID, tokenB, sender)
    await h.sendAndWait(h.walletClient(CHAIN_ID), { to: h.deployment(CHAIN_ID).aggregator, data: best.data })
    expect((await h.balanceOf(CHAIN_ID, tokenB, sender)) - before).toBe(BigInt(best.toTokenAmount))
    const left = await h.deployerClient(CHAIN_ID).multicall({
      allowFailure: false,
      multicallAddress: h.deployment(CHAIN_ID).multicall3,
      contracts: [tokenA, tokenB].map((t) => ({
        address: t,
        abi: erc20Abi,
        functionName: 'balanceOf' as const,
        args: [h.deployment(CHAIN_ID).aggregator] as const,
      })),
    })
    expect(left).toEqual([0n, 0n])
  })
})
