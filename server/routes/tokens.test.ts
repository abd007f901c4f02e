import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type Address, getAddress, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainDeployment } from '../chains/deployment'
import { createTestApp } from '../testing/createTestApp'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { buildTokenLogoSvg } from '../tokens/buildTokenLogoSvg'
import { getPopularityGroup } from '../tokens/compareTokenPopularity'

const publicTokensDir = fileURLToPath(new URL('../../public/tokens', import.meta.url))
const eeee = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const unknownToken = '0x1111111111111111111111111111111111111111'

interface TokenBody {
  address: Address
  contractAddress: Address
  chainId: number
  symbol: string
  tags: string[]
  priceInUsd: number | null
  isNative: boolean
}

async function expectError(res: Response, status: number, code: string, mention?: string) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await res.json()) as { message: string; error: { code: string } }
  expect(body.error.code).toBe(code)
  if (mention !== undefined) expect(body.message).toContain(mention)
}

const labels = (tokens: TokenBody[]) => tokens.map((t) => `${t.chainId}:${t.symbol}`)

describe('token endpoints on the devnet (chains 1 and 56)', () => {
  let h: DevnetHarness
  const get = async (path: string, init?: RequestInit) => h.request(path, init)
  const getJson = async <T>(path: string) => {
    const res = await get(path)
    expect(res.status).toBe(200)
    return (await res.json()) as T
  }
  const tokenAddress = (chainId: number, symbol: string) => getAddress(h.token(chainId, symbol).address)
  const marketPrice = (chainId: number, address: Address) =>
    h.markets.get(chainId).getUsdPrice(address) ?? null

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [1, 56] })
  })
  afterAll(async () => {
    await h?.stop()
  })

  describe('GET /v1/info/token/popular', () => {
    it('orders native, wrapped native, stables, majors, long-tail, each group by liquidity', async () => {
      const chain1 = await getJson<TokenBody[]>('/v1/info/token/popular?chainId=1')
      expect(labels(chain1)).toEqual(
        ['ETH', 'WETH', 'USDC', 'DAI', 'USDT', 'WBTC', 'LINK', 'UNI', 'AAVE', 'PEPE', 'SHIB', 'TAX'].map(
          (s) => `1:${s}`,
        ),
      )
      const groups = chain1.map((t) => getPopularityGroup(t.tags))
      expect(groups).toEqual([...groups].sort((a, b) => a - b))
      const chain56 = await getJson<TokenBody[]>('/v1/info/token/popular?chainId=56')
      expect(labels(chain56)).toEqual(
        [
          'BNB',
          'WBNB',
          'USDC',
          'DAI',
          'USDT',
          'BTCB',
          'ETH',
          'LINK',
          'CAKE',
          'UNI',
          'BAKE',
          'XVS',
          'TAX',
        ].map((s) => `56:${s}`),
      )
      const all = await getJson<TokenBody[]>('/v1/info/token/popular')
      expect(labels(all)).toEqual([...labels(chain1), ...labels(chain56)])
    })

    it('answers the same list under /trade/v1 with chain_id, from/to slices and contracts[]', async () => {
      const chain56 = await getJson<TokenBody[]>('/v1/info/token/popular?chainId=56')
      const trade = await getJson<(TokenBody & { decimals: number; contracts: unknown })[]>(
        '/trade/v1/info/token/popular?from=0&to=4&chain_id=56',
      )
      expect(labels(trade)).toEqual(labels(chain56).slice(0, 5))
      for (const token of trade) {
        expect(token.contracts).toEqual([
          { chain_id: 56, contract_address: token.address, decimals: token.decimals },
        ])
      }
      expect(labels(await getJson<TokenBody[]>('/v1/info/token/popular?chain_id=1&from=2&to=3'))).toEqual([
        '1:USDC',
        '1:DAI',
      ])
      expect(
        labels(await getJson<TokenBody[]>('/v1/info/token/popular?chain_id=undefined&chainId=56')),
      ).toEqual(labels(chain56))
      await expectError(
        await get('/v1/info/token/popular?chainId=1&chain_id=56'),
        400,
        'INVALID_PARAMS',
        'chain_id',
      )
      await expectError(await get('/trade/v1/info/token/popular?from=3&to=2'), 400, 'INVALID_PARAMS', 'to')
    })

    it("prices every token with the market's price (native as its wrapped token)", async () => {
      for (const chainId of [1, 56]) {
        const tokens = await getJson<TokenBody[]>(`/v1/info/token/popular?chainId=${chainId}`)
        const wrapped = h.deployment(chainId).wrappedNative
        for (const token of tokens) {
          const expected = marketPrice(chainId, token.isNative ? wrapped : token.address)
          expect(token.priceInUsd, `${chainId}:${token.symbol}`).toBe(expected)
          expect(token.contractAddress).toBe(token.address)
        }
        expect(tokens.every((t) => typeof t.priceInUsd === 'number' && t.priceInUsd > 0)).toBe(true)
      }
    })
  })

  describe('GET /trade/v1/info/token/search', () => {
    const search = async (query: string) =>
      labels(await getJson<TokenBody[]>(`/trade/v1/info/token/search?${query}`))

    it('ranks exact symbol, symbol prefix, name prefix, then substring; majors before long-tail', async () => {
      expect(await search('query=eth')).toEqual(['1:ETH', '56:ETH', '1:WETH', '1:USDT', '56:USDT'])
      expect(await search('query=u&chainId=1')).toEqual(['1:USDC', '1:USDT', '1:UNI', '1:SHIB'])
      expect(await search('query=Wrapped&chainId=1')).toEqual(['1:WETH', '1:WBTC'])
      expect(await search('query=t&chainId=1')).toEqual([
        '1:TAX',
        '1:USDT',
        '1:ETH',
        '1:WETH',
        '1:DAI',
        '1:WBTC',
        '1:LINK',
        '1:AAVE',
      ])
    })

    it('finds an address (any case, either native spelling) on every chain or on one', async () => {
      const usdc = tokenAddress(1, 'USDC')
      expect(await search(`query=${usdc.toLowerCase()}`)).toEqual(['1:USDC', '56:USDC'])
      expect(await search(`query=${usdc}&chainId=1`)).toEqual(['1:USDC'])
      expect(await search(`query=${usdc.slice(0, 8)}&chainId=56`)).toEqual(['56:USDC'])
      expect(await search(`query=${zeroAddress}`)).toEqual(['1:ETH', '56:BNB'])
      expect(await search(`query=${eeee}&chainId=1`)).toEqual(['1:ETH'])
      expect(await search(`query=${unknownToken}`)).toEqual([])
    })

    it('honours limit and answers full records with prices', async () => {
      const full = await getJson<TokenBody[]>('/trade/v1/info/token/search?query=e&limit=100')
      expect(full.length).toBe(19)
      const three = await getJson<TokenBody[]>('/trade/v1/info/token/search?query=e&limit=3')
      expect(three).toEqual(full.slice(0, 3))
      for (const token of full) {
        expect(token.priceInUsd).toBe(
          marketPrice(
            token.chainId,
            token.isNative ? h.deployment(token.chainId).wrappedNative : token.address,
          ),
        )
      }
    })
  })

  describe('GET /trade/v1/info/token/{chainId}/{tokenAddress}', () => {
    it('describes a token with its market price, checksummed, whatever the input case', async () => {
      const usdc = tokenAddress(1, 'USDC')
      expect(await getJson(`/trade/v1/info/token/1/${usdc.toLowerCase()}`)).toEqual({
        address: usdc,
        contractAddress: usdc,
        symbol: 'USDC',
        name: 'USD Coin',
        decimals: 6,
        chainId: 1,
        logo: `/trade/v1/info/tokenLogo/1/${usdc}`,
        tags: ['stable'],
        priceInUsd: 1,
        transferFeeBps: 0,
        buyTax: 0,
        sellTax: 0,
        isNative: false,
      })
      const wbtc = tokenAddress(1, 'WBTC')
      const wbtcBody = await getJson<TokenBody>(`/trade/v1/info/token/1/${wbtc}`)
      expect(wbtcBody.priceInUsd).toBe(marketPrice(1, wbtc))
    })

    it('reports the transfer tax of a fee-on-transfer token in bps and percent', async () => {
      const tax = tokenAddress(56, 'TAX')
      expect(await getJson(`/trade/v1/info/token/56/${tax}`)).toMatchObject({
        symbol: 'TAX',
        decimals: 18,
        tags: ['long-tail', 'fee-on-transfer'],
        priceInUsd: marketPrice(56, tax),
        transferFeeBps: 200,
        buyTax: 2,
        sellTax: 2,
        isNative: false,
      })
    })

    it('describes native currency under both spellings', async () => {
      const expected = {
        address: zeroAddress,
        contractAddress: zeroAddress,
        symbol: 'BNB',
        name: 'BNB',
        decimals: 18,
        chainId: 56,
        logo: `/trade/v1/info/tokenLogo/56/${zeroAddress}`,
        tags: ['native'],
        priceInUsd: marketPrice(56, h.deployment(56).wrappedNative),
        transferFeeBps: 0,
        buyTax: 0,
        sellTax: 0,
        isNative: true,
      }
      expect(await getJson(`/trade/v1/info/token/56/${zeroAddress}`)).toEqual(expected)
      expect(await getJson(`/trade/v1/info/token/56/${eeee.toLowerCase()}`)).toEqual(expected)
    })
  })

  describe('GET /trade/v1/info/tokenLogo/{chainId}/{tokenAddress}', () => {
    const expectSvgHeaders = (res: Response) => {
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400, immutable')
      expect(res.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/)
    }

    it.each([
      [1, 'USDC', 'USDC'],
      [1, 'WBTC', 'WBTC'],
      [56, 'WBNB', 'WBNB'],
      [56, 'native', 'BNB'],
      [1, 'native', 'ETH'],
    ])('serves chain %i %s as the shipped file %s.svg, byte for byte', async (chainId, symbol, file) => {
      const address = symbol === 'native' ? zeroAddress : tokenAddress(chainId, symbol)
      const res = await get(`/trade/v1/info/tokenLogo/${chainId}/${address}`)
      expectSvgHeaders(res)
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect(bytes).toEqual(new Uint8Array(readFileSync(`${publicTokensDir}/${file}.svg`)))
    })

    it.each([
      [1, 'PEPE'],
      [56, 'BTCB'],
    ])('generates chain %i %s, which ships no file', async (chainId, symbol) => {
      expect(existsSync(`${publicTokensDir}/${symbol}.svg`)).toBe(false)
      const address = tokenAddress(chainId, symbol)
      const res = await get(`/trade/v1/info/tokenLogo/${chainId}/${address.toLowerCase()}`)
      expectSvgHeaders(res)
      expect(await res.text()).toBe(buildTokenLogoSvg({ address, symbol }))
    })

    it('answers 304 to a matching If-None-Match and 200 to another', async () => {
      const path = `/trade/v1/info/tokenLogo/1/${tokenAddress(1, 'USDT')}`
      const etag = (await get(path)).headers.get('etag') ?? ''
      const notModified = await get(path, { headers: { 'if-none-match': `W/${etag}, "x"` } })
      expect(notModified.status).toBe(304)
      expect(notModified.headers.get('etag')).toBe(etag)
      expect(await notModified.text()).toBe('')
      const other = await get(path, { headers: { 'if-none-match': '"not-it"' } })
      expectSvgHeaders(other)
    })
  })

  describe('bad input', () => {
    it.each([
      ['/trade/v1/info/token/search', 400, 'INVALID_PARAMS', 'query'],
      ['/trade/v1/info/token/search?query=%20%20', 400, 'INVALID_PARAMS', 'query'],
      [`/trade/v1/info/token/search?query=${'x'.repeat(101)}`, 400, 'INVALID_PARAMS', 'query'],
      ['/trade/v1/info/token/search?query=eth&limit=0', 400, 'INVALID_PARAMS', 'limit'],
      ['/trade/v1/info/token/search?query=eth&limit=101', 400, 'INVALID_PARAMS', 'limit'],
      ['/trade/v1/info/token/search?query=eth&limit=ten', 400, 'INVALID_PARAMS', 'limit'],
      ['/trade/v1/info/token/search?query=eth&chainId=10', 400, 'UNSUPPORTED_CHAIN', '10'],
      ['/trade/v1/info/token/search?query=eth&chainId=x', 400, 'INVALID_PARAMS', 'chainId'],
      ['/v1/info/token/popular?chainId=10', 400, 'UNSUPPORTED_CHAIN', '10'],
      ['/v1/info/token/popular?chainId=eth', 400, 'INVALID_PARAMS', 'chainId'],
      ['/trade/v1/info/token/1/0x123', 400, 'INVALID_PARAMS', 'tokenAddress'],
      [`/trade/v1/info/token/10/${unknownToken}`, 400, 'UNSUPPORTED_CHAIN', '10'],
      // no contract there to import
      [`/trade/v1/info/token/1/${unknownToken}`, 404, 'TOKEN_NOT_FOUND', unknownToken],
      ['/trade/v1/info/tokenLogo/1/not-an-address', 400, 'INVALID_PARAMS', 'tokenAddress'],
      [`/trade/v1/info/tokenLogo/999/${zeroAddress}`, 400, 'UNSUPPORTED_CHAIN', '999'],
      [`/trade/v1/info/tokenLogo/1/${unknownToken}`, 404, 'NOT_FOUND', unknownToken],
    ])('%s -> %i %s', async (path, status, code, mention) => {
      await expectError(await get(path), status, code, mention)
    })
  })
})

describe('token endpoints before the markets have a snapshot', () => {
  const manyTokens = (): ChainDeployment[] => {
    const [chain1, chain8453] = createFakeDeployments()
    if (!chain1 || !chain8453) throw new Error('fake deployments changed')
    const extra = Array.from({ length: 30 }, (_, i) => ({
      address: getAddress(`0x${(0xabc000 + i).toString(16).padStart(40, '0')}`),
      symbol: `TK${String(i + 1).padStart(2, '0')}`,
      name: `Token ${i + 1}`,
      decimals: 18,
      tags: [],
    }))
    return [{ ...chain1, tokens: [...chain1.tokens, ...extra] }, chain8453]
  }

  it('lists tokens unpriced, native first, and caps search at 20 by default', async () => {
    const { app } = createTestApp({ deployments: manyTokens() })
    const popular = (await (await app.request('/v1/info/token/popular?chainId=1')).json()) as TokenBody[]
    expect(labels(popular).slice(0, 4)).toEqual(['1:ETH', '1:WETH', '1:USDC', '1:TK01'])
    expect(popular).toHaveLength(33)
    expect(popular.every((t) => t.priceInUsd === null)).toBe(true)
    const byDefault = (await (
      await app.request('/trade/v1/info/token/search?query=tk')
    ).json()) as TokenBody[]
    expect(labels(byDefault)).toEqual(
      Array.from({ length: 20 }, (_, i) => `1:TK${String(i + 1).padStart(2, '0')}`),
    )
    const all = (await (
      await app.request('/trade/v1/info/token/search?query=tk&limit=100')
    ).json()) as TokenBody[]
    expect(all).toHaveLength(30)
  })

  it('lists every chain without a filter', async () => {
    const { app } = createTestApp()
    const all = (await (await app.request('/v1/info/token/popular')).json()) as TokenBody[]
    expect(labels(all)).toEqual(['1:ETH', '1:WETH', '1:USDC', '8453:ETH'])
  })
})
