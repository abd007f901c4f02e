import { type Address, encodeFunctionData, getAddress, type Hex, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployDevToken } from '../../contracts/deploy/deployDevToken'
import { devnetAbis } from '../../devnet/deployChain'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import { createMarkets, type Markets } from '../market/createMarkets'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { adoptionLimits } from './adoptionLimits'
import { restoreAdoptedTokens } from './restoreAdoptedTokens'

const CHAIN_ID = 1

interface TokenBody {
  address: Address
  symbol: string
  name: string
  decimals: number
  tags: string[]
  priceInUsd: number | null
}

interface QuoteBody {
  isBest: boolean
  toTokenAmount: string
  data: Hex
  nativeValue: string
  transactionData: unknown
  protocol: { pools: { address: Address }[] }[]
}

/**
 * Importing a token by address on the devnet: fresh ERC-20s with a V2 pair against USDC (deep, dust, taxed),
 * imported through `info/token`, quoted and swapped to the wei, and followed again after a restart.
 */
describe('importing a token by address (devnet chain 1)', () => {
  let h: DevnetHarness
  let revert: () => Promise<void>
  let usdc: Address
  const deep: { token?: Address; pair?: Address } = {}
  let dust: Address
  let taxed: Address
  const restarted: { markets?: Markets } = {}

  const getToken = (token: Address) => h.request(`/trade/v1/info/token/${CHAIN_ID}/${token}`)
  const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code

  /** A new token and its V2 pair with USDC on Uniswap V2, holding `usdcReserve` and twice as many tokens. */
  const listPair = async (params: { symbol: string; usdcReserve: string; transferFeeBps?: number }) => {
    const deployer = h.deployerClient(CHAIN_ID)
    const send = (to: Address, data: Hex) => h.sendAndWait(deployer, { to, data })
    const mint = (token: Address, to: Address, amount: bigint) =>
      send(token, encodeFunctionData({ abi: devnetAbis.token, functionName: 'mint', args: [to, amount] }))
    const { token } = await deployDevToken(deployer, {
      name: `${params.symbol} Token`,
      symbol: params.symbol,
      decimals: 18,
      ...(params.transferFeeBps ? { transferFeeBps: params.transferFeeBps } : {}),
    })
    const exchange = h.deployment(CHAIN_ID).exchanges.find((e) => e.id === 'uniswap-v2')
    if (!exchange) throw new Error('no uniswap-v2 on chain 1')
    const createPair = encodeFunctionData({
      abi: devnetAbis.v2Factory,
      functionName: 'createPair',
      args: [token, usdc],
    })
    await send(exchange.factory, createPair)
    const pair = await deployer.readContract({
      address: exchange.factory,
      abi: devnetAbis.v2Factory,
      functionName: 'getPair',
      args: [token, usdc],
    })
    const usdcAmount = parseUnits(params.usdcReserve, 6)
    await mint(usdc, pair, usdcAmount)
    await mint(token, pair, parseUnits(params.usdcReserve, 18) * 2n)
    await send(
      pair,
      encodeFunctionData({ abi: devnetAbis.v2Pair, functionName: 'mint', args: [deployer.account.address] }),
    )
    await mint(token, h.account(0).address, parseUnits('10000', 18))
    return { token: getAddress(token), pair: getAddress(pair) }
  }

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
    revert = await h.snapshot([CHAIN_ID])
    usdc = getAddress(h.token(CHAIN_ID, 'USDC').address)
    Object.assign(deep, await listPair({ symbol: 'IMP', usdcReserve: '50000' }))
    // $999 of USDC: one dollar short of the threshold
    dust = (await listPair({ symbol: 'DUST', usdcReserve: String(adoptionLimits.minHubLiquidityUsd - 1) }))
      .token
    taxed = (await listPair({ symbol: 'TAXI', usdcReserve: '50000', transferFeeBps: 100 })).token
    await h.refreshAll()
  })
  afterAll(async () => {
    restarted.markets?.stop()
    await revert?.()
    await h?.stop()
  })

  it('refuses an address without a contract, and a contract that is not a token: 404 TOKEN_NOT_FOUND', async () => {
    for (const address of ['0x00000000000000000000000000000000000b0b00', h.deployment(CHAIN_ID).aggregator]) {
      const res = await getToken(getAddress(address))
      expect(res.status).toBe(404)
      expect(await errorCode(res)).toBe('TOKEN_NOT_FOUND')
    }
  })

  it('refuses a token whose only pool holds a dollar less than the threshold: 404 NO_LIQUIDITY', async () => {
    const res = await getToken(dust)
    expect(res.status).toBe(404)
    expect(await errorCode(res)).toBe('NO_LIQUIDITY')
    expect(h.markets.get(CHAIN_ID).findToken(dust)).toBeUndefined()
  })

  it('refuses a token that takes a fee on transfer: 422 TOKEN_TRANSFER_TAXED', async () => {
    const res = await getToken(taxed)
    expect(res.status).toBe(422)
    expect(await errorCode(res)).toBe('TOKEN_TRANSFER_TAXED')
  })

  it('imports a token with a deep pool, tagged unverified, found again by its exact address only', async () => {
    const token = deep.token as Address
    const unlisted = await h.request(
      `/trade/v1/${CHAIN_ID}/quote/single?fromTokenAddress=${usdc}&toTokenAddress=${token}&amount=1000000`,
    )
    expect(unlisted.status).toBe(400)
    expect(await errorCode(unlisted)).toBe('UNSUPPORTED_TOKEN')

    const res = await getToken(token)
    expect(res.status).toBe(200)
    const body = (await res.json()) as TokenBody
    expect(body).toMatchObject({ address: token, symbol: 'IMP', name: 'IMP Token', decimals: 18 })
    expect(body.tags).toEqual(['long-tail', 'unverified'])
    // 50,000 USDC against 100,000 IMP
    expect(body.priceInUsd).toBeCloseTo(0.5, 6)
    const pools = h.markets.get(CHAIN_ID).getSnapshot().pools
    expect(pools.some((p) => p.address === deep.pair)).toBe(true)

    const search = async (query: string) => {
      const found = await h.request(`/trade/v1/info/token/search?chainId=${CHAIN_ID}&query=${query}`)
      return ((await found.json()) as TokenBody[]).map((t) => t.address)
    }
    expect(await search(token.toLowerCase())).toEqual([token])
    expect(await search('IMP')).not.toContain(token)
  })

  it('quotes the imported token, and quote/single then swap/single pays exactly toTokenAmount', async () => {
    const token = deep.token as Address
    const sender = h.account(0).address
    const client = h.walletClient(CHAIN_ID)
    await h.approve(client, token)
    const query = new URLSearchParams({
      fromTokenAddress: token,
      toTokenAddress: usdc,
      amount: parseUnits('1234.5', 18).toString(),
      sender,
      disableEstimate: 'false',
    })
    const res = await h.request(`/trade/v1/${CHAIN_ID}/quote/single?${query}`)
    const quotes = (await res.json()) as QuoteBody[]
    expect(res.status, JSON.stringify(quotes)).toBe(200)
    const [best] = quotes
    if (!best) throw new Error('no quote')
    expect(best.protocol.flatMap((leg) => leg.pools.map((p) => p.address))).toContain(deep.pair)
    const post = await h.request(`/trade/v1/${CHAIN_ID}/swap/single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        transactionData: best.transactionData,
        account: sender,
        nativeValue: best.nativeValue,
      }),
    })
    const swap = (await post.json()) as { data: Hex }
    expect(post.status, JSON.stringify(swap)).toBe(200)
    expect(swap.data).toBe(best.data)
    const before = await h.balanceOf(CHAIN_ID, usdc, sender)
    await h.sendAndWait(client, { to: h.deployment(CHAIN_ID).aggregator, data: swap.data })
    expect((await h.balanceOf(CHAIN_ID, usdc, sender)) - before).toBe(BigInt(best.toTokenAmount))
    // the imported token's own contract is no receiver: what is sent there is lost
    const toToken = new URLSearchParams({ ...Object.fromEntries(query), receiver: token })
    const refused = await h.request(`/trade/v1/${CHAIN_ID}/quote/single?${toToken}`)
    expect(refused.status).toBe(400)
    const body = JSON.stringify(await refused.json())
    expect(body).toMatch(/receiver .* is a token contract/)
    expect(body).toContain('INVALID_PARAMS')
  })

  it('follows the imported token again after a restart, from the store', async () => {
    const token = deep.token as Address
    const markets = createMarkets({ deployments: h.deployments, pollIntervalMs: 3_600_000 })
    restarted.markets = markets
    expect(await restoreAdoptedTokens({ markets, db: h.store.db })).toBe(1)
    await markets.start()
    expect(markets.get(CHAIN_ID).findToken(token)?.tags).toEqual(['long-tail', 'unverified'])
    expect(
      markets
        .get(CHAIN_ID)
        .getSnapshot()
        .pools.some((p) => p.address === deep.pair),
    ).toBe(true)
    const app = createApp({
      config: loadConfig({ RATE_LIMIT_PER_MINUTE_IP: '0' }),
      deployments: h.deployments,
      logger: createSilentLogger(),
      markets,
      store: h.store,
      distDir: '/nonexistent/dist',
    })
    const res = await app.request(`/trade/v1/info/token/${CHAIN_ID}/${token}`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as TokenBody).tags).toEqual(['long-tail', 'unverified'])
    const quote = await app.request(
      `/trade/v1/${CHAIN_ID}/quote/single?fromTokenAddress=${usdc}&toTokenAddress=${token}&amount=1000000`,
    )
    expect(quote.status).toBe(200)
  })
})
