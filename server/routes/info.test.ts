import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createTestApp } from '../testing/createTestApp'

const noDevnet = () => createTestApp().app

describe('GET /trade/v1/info/chains', () => {
  it('answers the chains keyed by chain id by default (the compatible shape), the records of the list', async () => {
    const app = noDevnet()
    const list = (await (await app.request('/trade/v1/info/chains?format=list')).json()) as {
      chainId: number
    }[]
    const res = await app.request('/trade/v1/info/chains')
    expect(res.status).toBe(200)
    const body = (await res.json()) as { chains: Record<string, unknown> }
    expect(Object.keys(body)).toEqual(['chains'])
    expect(Object.keys(body.chains)).toEqual(['1', '8453'])
    expect(body.chains['1']).toEqual(list[0])
    expect(body.chains['8453']).toEqual(list[1])
    expect(await (await app.request('/trade/v1/info/chains?format=object')).json()).toEqual(body)
  })

  it('refuses an unknown format', async () => {
    const res = await noDevnet().request('/trade/v1/info/chains?format=csv')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INVALID_PARAMS')
  })

  it('lists only the deployed chains with checksummed addresses and same-origin URLs', async () => {
    const res = await noDevnet().request('/trade/v1/info/chains?format=list')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual([
      {
        chainId: 1,
        family: 'evm',
        name: 'Ethereum',
        shortName: 'eth',
        nativeCurrency: {
          name: 'Ether',
          symbol: 'ETH',
          decimals: 18,
          address: '0x0000000000000000000000000000000000000000',
        },
        wrappedNative: {
          address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
          symbol: 'WETH',
          name: 'Wrapped Ether',
          decimals: 18,
        },
        logo: '/chains/1.svg',
        rpcUrl: '/rpc/1',
        aggregator: '0x1111111111111111111111111111111111111111',
        flows: { singleChain: true, crossChain: false, utxo: false, gasless: false },
        blockTimeMs: 12000,
        isDevnet: false,
      },
      {
        chainId: 8453,
        family: 'evm',
        name: 'Base',
        shortName: 'base',
        nativeCurrency: {
          name: 'Ether',
          symbol: 'ETH',
          decimals: 18,
          address: '0x0000000000000000000000000000000000000000',
        },
        wrappedNative: {
          address: '0x4200000000000000000000000000000000000006',
          symbol: 'WETH',
          name: 'Wrapped Ether',
          decimals: 18,
        },
        logo: '/chains/8453.svg',
        rpcUrl: '/rpc/8453',
        aggregator: '0x2222222222222222222222222222222222222222',
        flows: { singleChain: true, crossChain: false, utxo: false, gasless: false },
        blockTimeMs: 2000,
        isDevnet: false,
      },
    ])
  })
})

describe('GET /trade/v1/info/sources', () => {
  const chain1Sources = [
    {
      id: 'uniswap-v2',
      name: 'Uniswap V2',
      kind: 'uniswap-v2',
      logo: null,
      factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f',
    },
    {
      id: 'uniswap-v3',
      name: 'Uniswap V3',
      kind: 'uniswap-v3',
      logo: '/exchanges/uniswap-v3.svg',
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
    },
  ]

  it('keys the exchanges of every chain by chain id', async () => {
    const res = await noDevnet().request('/trade/v1/info/sources')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ '1': chain1Sources, '8453': [] })
  })

  it('filters by chainId', async () => {
    const res = await noDevnet().request('/trade/v1/info/sources?chainId=1')
    expect(await res.json()).toEqual({ '1': chain1Sources })
  })

  it('answers 400 UNSUPPORTED_CHAIN for a chain that is not deployed', async () => {
    const res = await noDevnet().request('/trade/v1/info/sources?chainId=137', {
      headers: { 'x-request-id': 'r' },
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: 'Chain 137 is not supported',
      error: { code: 'UNSUPPORTED_CHAIN', details: { chainId: 137, supportedChainIds: [1, 8453] } },
      requestId: 'r',
    })
  })

  it('answers 400 INVALID_PARAMS for a non-numeric chainId', async () => {
    const res = await noDevnet().request('/trade/v1/info/sources?chainId=eth')
    expect(res.status).toBe(400)
    const body = (await res.json()) as { message: string; error: { code: string } }
    expect([body.error.code, body.message]).toEqual([
      'INVALID_PARAMS',
      'Invalid query parameter(s): chainId (expected a numeric chain id)',
    ])
  })
})

describe('GET /trade/v1/info/contract-addresses', () => {
  it('answers the Aggregator by contract version and chain id, and every contract per chain, checksummed', async () => {
    const res = await noDevnet().request('/trade/v1/info/contract-addresses')
    expect(res.status).toBe(200)
    const aggregator1 = '0x1111111111111111111111111111111111111111'
    const aggregator8453 = '0x2222222222222222222222222222222222222222'
    expect(await res.json()).toEqual({
      contractVersion: 'v1',
      v1: { '1': aggregator1, '8453': aggregator8453 },
      // these deployments have no entries (buildContractAddresses.test.ts has them)
      v2: {},
      v3: {},
      v4: {},
      chains: {
        '1': {
          chainId: 1,
          name: 'Ethereum',
          shortName: 'eth',
          v1: aggregator1,
          router: aggregator1,
          spender: aggregator1,
          wrappedNative: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
          permit2: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
          multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
        },
        '8453': {
          chainId: 8453,
          name: 'Base',
          shortName: 'base',
          v1: aggregator8453,
          router: aggregator8453,
          spender: aggregator8453,
          wrappedNative: '0x4200000000000000000000000000000000000006',
          permit2: '0x000000000022D473030F116dDEE9F6B43aC78BA3',
          multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
        },
      },
    })
  })
})

describe('GET /api/config', () => {
  it('exposes the WalletConnect project id and mode', async () => {
    const { app } = createTestApp({
      config: loadConfig({ WALLETCONNECT_PROJECT_ID: 'wc-123', QUOTE_TTL_SEC: '20' }),
    })
    expect(await (await app.request('/api/config')).json()).toEqual({
      mode: 'network',
      walletConnectProjectId: 'wc-123',
      quoteTtlSec: 20,
    })
    expect(await (await noDevnet().request('/api/config')).json()).toEqual({
      mode: 'network',
      walletConnectProjectId: null,
      quoteTtlSec: 30,
    })
  })
})
