import { toBech32 } from '@cosmjs/encoding'
import { describe, expect, it, vi } from 'vitest'
import { loadConfig } from '../config'
import { computeCrossQuoteMac } from '../cross/computeCrossQuoteMac'
import { createMarkets } from '../market/createMarkets'
import type { ThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import type { CrossChainProvider, ProviderQuote, ProviderQuoteRequest } from '../providers/types'
import { createTestApp } from '../testing/createTestApp'
import { createFakeDeployments } from '../testing/fakeDeployments'

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const zero = '0x0000000000000000000000000000000000000000'
const btc = -3980891822
const noProvider = 'No cross chain provider available for this trade'

async function call(path: string, init?: RequestInit) {
  const res = await createTestApp().app.request(path, init)
  return { status: res.status, body: (await res.json()) as { message?: string; error?: { code: string } } }
}

/** The request shapes clients of the compatible API send for cross-chain trades. */
const crossQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    fromTokenAddress: zero,
    toTokenAddress: usdc,
    amount: '100000000',
    destinationChainId: '56',
    sender: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    ...extra,
  }).toString()

describe('cross-chain paths with no provider mounted', () => {
  it.each([
    [
      'EVM to BTC, sloppy extras',
      `/trade/v1/1/quote/cross?${crossQuery({ toTokenAddress: zero, destinationChainId: String(btc), receiver: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', deadline: 'undefined', uuid: '', timestamp: '1700000000000' })}`,
    ],
    [
      'GET swap/cross',
      `/trade/v1/1/swap/cross?${crossQuery({ toTokenAddress: zero, destinationChainId: String(btc), receiver: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' })}`,
    ],
  ])('%s: 422 NO_ROUTE with the message clients read as "try another provider"', async (_name, path) => {
    const { status, body } = await call(path)
    expect([status, body.message, body.error?.code]).toEqual([422, noProvider, 'NO_ROUTE'])
  })

  it('POST swap/cross: a body that is no quote of ours is 400 naming transactionData', async () => {
    const { status, body } = await call('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: { params: {} }, nativeValue: '1', account: zero }),
    })
    expect([status, body.error?.code, body.message]).toEqual([
      400,
      'INVALID_PARAMS',
      'transactionData is not the transactionData of a cross-chain quote',
    ])
  })

  it.each([
    ['BTC to USDC on Ethereum (UTXO pays native coins only)', btc, '1', zero, usdc, 'UNSUPPORTED_DIRECTION'],
    ['BTC to Arbitrum (not in the table)', btc, '42161', zero, zero, 'UNSUPPORTED_DIRECTION'],
    ['a token on Bitcoin', btc, '1', usdc, zero, 'UNSUPPORTED_TOKEN'],
  ])('%s: 400 %s', async (_name, source, destination, from, to, code) => {
    const { status, body } = await call(
      `/trade/v1/${source}/quote/cross?${crossQuery({ fromTokenAddress: from, toTokenAddress: to, destinationChainId: destination, sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', receiver: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' })}`,
    )
    expect([status, body.error?.code]).toEqual([400, code])
  })

  it('refuses a receiver or sender not written for its chain, naming the parameter', async () => {
    const toBtc = { toTokenAddress: zero, destinationChainId: String(btc) }
    const cases = [
      [{ ...toBtc, receiver: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' }, 'receiver'],
      [{ ...toBtc, receiver: 'bcrt1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }, 'receiver'],
      [{ ...toBtc }, 'receiver'],
      [
        {
          ...toBtc,
          receiver: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
          sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        },
        'sender',
      ],
    ] as const
    for (const [extra, param] of cases) {
      const res = await createTestApp().app.request(`/trade/v1/1/quote/cross?${crossQuery(extra)}`)
      const body = (await res.json()) as { error?: { code: string; details?: { param?: string } } }
      expect([res.status, body.error?.code, body.error?.details?.param], param).toEqual([
        400,
        'INVALID_PARAMS',
        param,
      ])
    }
  })

  it('refuses what no provider could ever serve: unknown chains, the same chain, a missing destination', async () => {
    const unknown = await call(`/trade/v1/1/quote/cross?${crossQuery({ destinationChainId: '-999' })}`)
    expect([unknown.status, unknown.body.error?.code]).toEqual([400, 'UNSUPPORTED_CHAIN'])
    const same = await call(`/trade/v1/1/quote/cross?${crossQuery({ destinationChainId: '1' })}`)
    expect([same.status, same.body.error?.code, same.body.message]).toEqual([
      400,
      'INVALID_PARAMS',
      'destinationChainId is the source chain: use quote/single',
    ])
    const missing = await call(`/trade/v1/1/quote/cross?${crossQuery({ destinationChainId: 'undefined' })}`)
    expect([missing.status, missing.body.error?.code, missing.body.message]).toEqual([
      400,
      'INVALID_PARAMS',
      'destinationChainId is required',
    ])
  })

  it('inbound addresses: every path answers the empty list while no liquidity network is mounted', async () => {
    for (const path of [
      '/trade/info/thorchain-inbound-address',
      '/info/thorchain-inbound-address',
      '/info/provider-inbound-address',
    ]) {
      const res = await createTestApp().app.request(path)
      expect(res.status, path).toBe(200)
      expect(await res.json(), path).toEqual([])
    }
  })

  it('info/tx: an unknown hash is 404 NOT_FOUND (a `timestamp` is ignored), a malformed one 400', async () => {
    const hash = `0x${'ab'.repeat(32)}`
    const unknown = await call(`/trade/v1/info/tx/${hash}?timestamp=1700000000000`)
    expect([unknown.status, unknown.body.error?.code, unknown.body.message]).toEqual([
      404,
      'NOT_FOUND',
      `No cross-chain trade has origin transaction ${hash}`,
    ])
    const malformed = await call('/trade/v1/info/tx/0x1234')
    expect([malformed.status, malformed.body.error?.code]).toEqual([400, 'INVALID_PARAMS'])
  })

  it('documents every cross-chain path and the upper-case status vocabulary in the OpenAPI document', async () => {
    const doc = (await (await createTestApp().app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
      components: { schemas: Record<string, unknown> }
    }
    expect(Object.keys(doc.paths['/trade/v1/{chainId}/quote/cross'] ?? {})).toEqual(['get'])
    expect(Object.keys(doc.paths['/trade/v1/{chainId}/swap/cross'] ?? {}).sort()).toEqual(['get', 'post'])
    expect(doc.paths['/trade/v1/info/tx/{txHash}']?.get).toBeDefined()
    expect(doc.paths['/trade/info/thorchain-inbound-address']?.get).toBeDefined()
    expect(doc.paths['/info/provider-inbound-address']?.get).toBeDefined()
    expect(doc.paths['/info/thorchain-inbound-address']?.get).toBeDefined()
    expect(doc.paths['/v1/info/cross-providers']?.get).toBeDefined()
    expect(doc.paths['/trade/v1/info/cross-providers']?.get).toBeDefined()
    expect(doc.components.schemas.CrossChainStatus).toEqual({
      type: 'string',
      enum: ['PENDING', 'INFLIGHT', 'DELIVERED', 'FAILED'],
      example: 'DELIVERED',
    })
  })
})

/** The origin contract of the fake provider: `to` of its transactions and the spender of its approvals. */
const fakeEntry = '0x5555555555555555555555555555555555555555'

/**
 * Markets of the fake deployments whose chain-1 node answers (no node runs in these tests): gas estimates of
 * `gas` (or the revert `estimate` throws), 2 gwei, and the sender's funds (native balance, token balance and
 * allowance); the calls are recorded.
 */
function answeringMarkets(
  funds: { native?: bigint; balance?: bigint; allowance?: bigint } = {},
  estimate: () => Promise<bigint> = async () => 100_000n,
) {
  const markets = createMarkets({ deployments: createFakeDeployments(), pollIntervalMs: 1_000 })
  const market = markets.get(1)
  const estimates = vi.spyOn(market.client, 'estimateGas').mockImplementation(estimate)
  vi.spyOn(market.client, 'getBalance').mockResolvedValue(funds.native ?? 10n ** 18n)
  const reads = vi
    .spyOn(market.client, 'readContract')
    .mockImplementation((async ({ functionName }: { functionName: string }) =>
      functionName === 'balanceOf'
        ? (funds.balance ?? 10n ** 12n)
        : (funds.allowance ?? 10n ** 12n)) as never)
  vi.spyOn(market, 'getGasPrice').mockResolvedValue(2_000_000_000n)
  return { markets, estimates, reads }
}

/**
 * A provider between the fake chains 1 and 8453 that records the requests it quotes and the quotes it is asked
 * to build; its quotes carry `route` when one is given.
 */
function createRecordingProvider(id = 'fake', route?: ProviderQuote['route']) {
  const built: ProviderQuote[] = []
  const asked: ProviderQuoteRequest[] = []
  const provider: CrossChainProvider = {
    id,
    tradeProtocol: 'CROSS_CHAIN_FAKE',
    contractVersion: 'v2',
    flow: 'crossChain',
    integratorFee: true,
    info: { name: 'Fake', logo: '', website: '', docsLink: '', description: '' },
    chainIds: [1, 8453],
    serves: (a, b) => a !== b && [1, 8453].includes(a) && [1, 8453].includes(b),
    async quote(request) {
      asked.push(request)
      return [
        {
          providerId: id,
          request,
          ...(route === undefined ? {} : { route }),
          amountOut: 99_000_000n,
          amountOutMin: 98_000_000n,
          fees: [],
          estimatedDurationSec: 60,
          expiresAt: 4_000_000_000,
          nativeFee: 5n,
          details: {
            feeBps: request.integratorFee?.bps ?? 0,
            feeRecipient: request.integratorFee?.recipient ?? zero,
            minAmountLD: '98000000',
            extraOptions: '0x',
          },
        },
      ]
    },
    async buildTransaction(quote) {
      built.push(quote)
      const token = quote.request.from.address as `0x${string}`
      return {
        family: 'evm',
        chainId: 1,
        to: fakeEntry,
        data: '0xabcdef',
        value: token === zero ? quote.request.amountIn + quote.nativeFee : quote.nativeFee,
        ...(token === zero
          ? {}
          : { approval: { token, spender: fakeEntry, amount: quote.request.amountIn } }),
      }
    },
    async track() {
      return undefined
    },
  }
  return { provider, built, asked }
}

const tagSecretConfig = loadConfig({ INTEGRATOR_TAG_SECRET: 'cross-test-secret-of-32-characters' })
const sender = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const fakeQuery = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    fromTokenAddress: usdc,
    toTokenAddress: zero,
    amount: '100000000',
    destinationChainId: '8453',
    sender,
    disableEstimate: 'true',
    ...extra,
  }).toString()

describe('the provider and inbound-address aliases', () => {
  const vault = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
  const router = '0x4444444444444444444444444444444444444444'
  const app = () => {
    const thorchain: ThorchainProvider = {
      ...createRecordingProvider('thorchain').provider,
      tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
      flow: 'utxo',
      chainIds: [1, btc],
      inboundAddresses: async () => [
        { chainId: btc, address: vault, halted: false },
        { chainId: 1, address: sender, router, halted: true },
      ],
      usdPriceOf: async () => undefined,
    }
    return createTestApp({ cross: { providers: [createRecordingProvider().provider, thorchain], thorchain } })
      .app
  }

  it('/trade/v1/info/cross-providers answers what /v1/info/cross-providers does: every mounted provider', async () => {
    const expected = [
      {
        id: 'fake',
        name: 'Fake',
        logo: '',
        website: '',
        docsLink: '',
        description: '',
        tradeProtocol: 'CROSS_CHAIN_FAKE',
        flow: 'crossChain',
        chainIds: [1, 8453],
      },
      {
        id: 'thorchain',
        name: 'Fake',
        logo: '',
        website: '',
        docsLink: '',
        description: '',
        tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
        flow: 'utxo',
        chainIds: [1, btc],
      },
    ]
    for (const path of ['/v1/info/cross-providers', '/trade/v1/info/cross-providers']) {
      const res = await app().request(path)
      expect([res.status, await res.json()], path).toEqual([200, expected])
    }
  })

  it('/info/thorchain-inbound-address answers the vaults as /trade/info/thorchain-inbound-address does', async () => {
    const expected = [
      { chain: btc, address: vault, halted: false },
      { chain: 1, address: sender, router, halted: true },
    ]
    for (const path of [
      '/info/thorchain-inbound-address',
      '/trade/info/thorchain-inbound-address',
      '/info/provider-inbound-address',
    ]) {
      const res = await app().request(path)
      expect([res.status, await res.json()], path).toEqual([200, expected])
    }
  })
})

describe('POST swap/cross builds only the quote the server issued', () => {
  type Quote = { transactionData: Record<string, unknown> & { params: Record<string, unknown> } }
  async function quoteAndPost(tamper: (data: Quote['transactionData']) => Record<string, unknown>) {
    const { provider, built } = createRecordingProvider()
    const { app } = createTestApp({
      config: tagSecretConfig,
      markets: answeringMarkets().markets,
      cross: { providers: [provider] },
    })
    const quoted = await app.request(
      `/trade/v1/1/quote/cross?${fakeQuery({ feePercentage: '0.001', feeReceiver: sender })}`,
    )
    expect(quoted.status).toBe(200)
    const [offer] = (await quoted.json()) as Quote[]
    if (offer === undefined) throw new Error('no offer')
    const res = await app.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: tamper(offer.transactionData), account: sender }),
    })
    const body = (await res.json()) as { error?: { code: string; details?: { param?: string } } }
    return { status: res.status, code: body.error?.code, param: body.error?.details?.param, built }
  }

  it('unchanged (keys in any order): 200, built from the issued min-out, fee and options', async () => {
    const { status, built } = await quoteAndPost((data) => Object.fromEntries(Object.entries(data).reverse()))
    expect(status).toBe(200)
    expect(
      built.map((q) => [q.amountOutMin, q.details.feeBps, q.details.feeRecipient, q.details.extraOptions]),
    ).toEqual([[98_000_000n, 10, sender, '0x']])
  })

  it.each([
    ['minQuote 1', (d: Quote['transactionData']) => ({ ...d, params: { ...d.params, minQuote: '1' } })],
    ['minAmountLD 0', (d: Quote['transactionData']) => ({ ...d, minAmountLD: '0' })],
    ['feeBps 1000', (d: Quote['transactionData']) => ({ ...d, feeBps: 1000 })],
    ['a stranger as feeRecipient', (d: Quote['transactionData']) => ({ ...d, feeRecipient: usdc })],
    ['extraOptions 0xdeadbeef', (d: Quote['transactionData']) => ({ ...d, extraOptions: '0xdeadbeef' })],
    [
      'a later expiry',
      (d: Quote['transactionData']) => ({ ...d, params: { ...d.params, expiresAt: 4_100_000_000 } }),
    ],
    ['no mac', ({ mac: _mac, ...d }: Quote['transactionData']) => d],
    ['a mac of another quote', (d: Quote['transactionData']) => ({ ...d, mac: 'ab'.repeat(32) })],
  ])('%s: 400 QUOTE_TAMPERED, nothing built', async (_name, tamper) => {
    const { status, code, param, built } = await quoteAndPost(tamper)
    expect([status, code, param, built.length]).toEqual([400, 'QUOTE_TAMPERED', 'transactionData', 0])
  })
})

describe('swap/cross answers the gas estimate of an EVM source as swap/single does', () => {
  type SwapAnswer = Record<string, unknown>
  async function quoteAndPost(markets: ReturnType<typeof createMarkets>, extra: Record<string, string> = {}) {
    const { provider } = createRecordingProvider()
    const { app } = createTestApp({ config: tagSecretConfig, markets, cross: { providers: [provider] } })
    const quoted = await app.request(`/trade/v1/1/quote/cross?${fakeQuery(extra)}`)
    const [offer] = (await quoted.json()) as { transactionData: Record<string, unknown> }[]
    if (offer === undefined) throw new Error('no offer')
    const post = await app.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: offer.transactionData, account: sender }),
    })
    const get = await app.request(`/trade/v1/1/swap/cross?${fakeQuery(extra)}`)
    return {
      post: { status: post.status, body: (await post.json()) as SwapAnswer },
      get: { status: get.status, body: (await get.json()) as SwapAnswer },
    }
  }
  const estimateFields = (body: SwapAnswer) =>
    Object.fromEntries(
      [
        'estimateGas',
        'estimateGasError',
        'insufficientFunds',
        'insufficientAllowance',
        'allowance',
        'balance',
        'insufficientGas',
        'gasPrice',
      ].flatMap((key) => (key in body ? [[key, body[key]]] : [])),
    )

  it("a token input approved to the entry: the node's estimate of the transaction from the account, +30%", async () => {
    const { markets, estimates, reads } = answeringMarkets({ balance: 100_000_000n, allowance: 100_000_000n })
    const { post, get } = await quoteAndPost(markets)
    for (const answer of [post, get]) {
      expect(answer.status).toBe(200)
      expect(estimateFields(answer.body)).toEqual({
        estimateGas: '130000',
        insufficientFunds: false,
        insufficientAllowance: false,
        allowance: '100000000',
        balance: '100000000',
        insufficientGas: false,
        gasPrice: '2000000000',
      })
      expect([answer.body.to, answer.body.data, answer.body.nativeValue]).toEqual([
        fakeEntry,
        '0xabcdef',
        '5',
      ])
    }
    expect(estimates.mock.calls.map(([call]) => call)).toEqual(
      Array(2).fill({ account: sender, to: fakeEntry, data: '0xabcdef', value: 5n }),
    )
    // the allowance asked is the entry's, of the input token
    expect(
      reads.mock.calls
        .map(([call]) => [call.address, call.functionName, call.args])
        .filter((c) => c[1] === 'allowance'),
    ).toEqual(Array(2).fill([usdc, 'allowance', [sender, fakeEntry]]))
  })

  it('a native input: estimated with the value it carries; a balance below gas x price + value is insufficientGas', async () => {
    const value = 100_000_000n + 5n
    // 130,000 gas at 2 gwei is 2.6e14 wei: one wei short of it
    const { markets } = answeringMarkets({ native: value + 260_000_000_000_000n - 1n })
    const { post } = await quoteAndPost(markets, { fromTokenAddress: zero })
    expect(post.status).toBe(200)
    expect(estimateFields(post.body)).toEqual({
      estimateGas: '130000',
      insufficientFunds: false,
      insufficientAllowance: false,
      allowance: (2n ** 256n - 1n).toString(),
      balance: (value + 260_000_000_000_000n - 1n).toString(),
      insufficientGas: true,
      gasPrice: '2000000000',
    })
  })

  it('no approval yet: estimateGasError names the spender to approve, and no estimateGas', async () => {
    const { markets, estimates } = answeringMarkets({ balance: 100_000_000n, allowance: 99_999_999n })
    const { post } = await quoteAndPost(markets)
    expect(post.status).toBe(200)
    expect(estimateFields(post.body)).toEqual({
      estimateGasError: `Insufficient allowance: approve ${fakeEntry} first`,
      insufficientFunds: false,
      insufficientAllowance: true,
      allowance: '99999999',
      balance: '100000000',
      insufficientGas: false,
      gasPrice: '2000000000',
    })
    expect(estimates).not.toHaveBeenCalled()
  })

  it('a balance short of the amount: estimateGasError, insufficientFunds', async () => {
    const { markets } = answeringMarkets({ balance: 99_999_999n })
    const { post } = await quoteAndPost(markets)
    expect([
      post.status,
      post.body.estimateGasError,
      post.body.insufficientFunds,
      post.body.estimateGas,
    ]).toEqual([200, 'Insufficient balance of the input token', true, undefined])
  })

  it('a transaction that reverts: estimateGasError is the reason', async () => {
    const { markets } = answeringMarkets({}, async () => {
      throw new Error('execution reverted: Slippage')
    })
    const { post } = await quoteAndPost(markets)
    expect([post.status, post.body.estimateGasError, post.body.estimateGas]).toEqual([
      200,
      'Gas estimation failed',
      undefined,
    ])
  })

  it('a source node that does not answer: 503 UPSTREAM_UNAVAILABLE, as swap/single', async () => {
    // the fake deployments' nodes are at port 1, where nothing listens
    const { post } = await quoteAndPost(
      createMarkets({ deployments: createFakeDeployments(), pollIntervalMs: 1_000 }),
    )
    expect([post.status, (post.body.error as { code: string }).code]).toEqual([503, 'UPSTREAM_UNAVAILABLE'])
  })
})

describe('receivers that would lose the funds are refused on both cross-chain paths, for every provider', () => {
  const spokePool = '0x5c7bcd6e7de5423a257d81b442095a1a6ced35c5'
  const composer = '0x3333333333333333333333333333333333333333'
  const vault = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
  const router = '0x4444444444444444444444444444444444444444'
  const deployments = createFakeDeployments().map((d) =>
    d.chainId === 8453
      ? {
          ...d,
          liquidityRouter: router as `0x${string}`,
          across: { spokePool: spokePool as `0x${string}`, assets: [], relayers: [] },
        }
      : d,
  )
  const fakeThorchain = (): ThorchainProvider => ({
    ...createRecordingProvider('thorchain').provider,
    flow: 'utxo',
    chainIds: [1, 8453, btc],
    serves: () => true,
    inboundAddresses: async () => [
      { chainId: btc, address: vault, halted: false },
      { chainId: 8453, address: composer, router, halted: false },
    ],
    usdPriceOf: async () => undefined,
  })
  const app = () => {
    const thorchain = fakeThorchain()
    return createTestApp({
      config: tagSecretConfig,
      deployments,
      cross: { providers: [createRecordingProvider().provider, thorchain], thorchain },
    }).app
  }

  it.each([
    ['the zero address', zero, 'receiver', 'the zero address'],
    ['the Aggregator', '0x2222222222222222222222222222222222222222', 'receiver', 'the Aggregator'],
    [
      'the wrapped native',
      '0x4200000000000000000000000000000000000006',
      'receiver',
      'the wrapped native token contract',
    ],
    ['the SpokePool', spokePool, 'receiver', 'the Across SpokePool'],
    ["the network's router (from the deployment)", router, 'receiver', "the liquidity network's router"],
    ["the network's vault on that chain", composer, 'receiver', "the liquidity network's vault"],
  ])(
    'quote/cross and GET swap/cross: %s as receiver is 400 naming it',
    async (_name, receiver, param, reason) => {
      for (const path of ['quote', 'swap']) {
        const res = await app().request(`/trade/v1/1/${path}/cross?${fakeQuery({ receiver })}`)
        const body = (await res.json()) as {
          error?: { code: string; details?: { param?: string; reason?: string } }
        }
        expect(
          [res.status, body.error?.code, body.error?.details?.param, body.error?.details?.reason],
          path,
        ).toEqual([400, 'INVALID_PARAMS', param, reason])
      }
    },
  )

  it("the liquidity network's vault on a UTXO chain is refused as receiver; another address is quoted", async () => {
    const toBtc = (receiver: string) =>
      fakeQuery({ fromTokenAddress: zero, toTokenAddress: zero, destinationChainId: String(btc), receiver })
    const refused = await app().request(`/trade/v1/1/quote/cross?${toBtc(vault)}`)
    const body = (await refused.json()) as { error?: { code: string; details?: { reason?: string } } }
    expect([refused.status, body.error?.code, body.error?.details?.reason]).toEqual([
      400,
      'INVALID_PARAMS',
      "the liquidity network's vault",
    ])
    const other = await app().request(
      `/trade/v1/1/quote/cross?${toBtc('bc1q9d4ywgfnd8h43da5tpcxcn6ajv590cg6d3tg6axemvljvt2k76zs50tv4q')}`,
    )
    expect(other.status).toBe(200)
  })

  it('an integrator fee to the Aggregator of the source chain is refused; to an account it is quoted', async () => {
    const fee = (feeReceiver: string) => fakeQuery({ feePercentage: '0.001', feeReceiver })
    const refused = await app().request(
      `/trade/v1/1/quote/cross?${fee('0x1111111111111111111111111111111111111111')}`,
    )
    const body = (await refused.json()) as { error?: { code: string; details?: { param?: string } } }
    expect([refused.status, body.error?.code, body.error?.details?.param]).toEqual([
      400,
      'INVALID_PARAMS',
      'feeReceiver',
    ])
    expect((await app().request(`/trade/v1/1/quote/cross?${fee(sender)}`)).status).toBe(200)
  })
})

describe('quote/cross refuses an amount beyond the liquidity, as single chain does', () => {
  const gaia = -978111860
  const atomReceiver = toBech32('cosmos', new Uint8Array(20).fill(7))
  const btcSender = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
  // BTC at $60,000 and ATOM at $6: one satoshi is worth 100 uatom; the pool pays at most 1e12 uatom ($6M)
  const network = (): ThorchainProvider => ({
    ...createRecordingProvider('thorchain').provider,
    flow: 'utxo',
    chainIds: [btc, gaia],
    serves: () => true,
    async quote(request) {
      const amountOut = request.amountIn * 100n < 10n ** 12n ? request.amountIn * 100n : 10n ** 12n
      return [
        {
          providerId: 'thorchain',
          request,
          amountOut,
          amountOutMin: amountOut,
          fees: [],
          estimatedDurationSec: 600,
          expiresAt: 4_000_000_000,
          nativeFee: 0n,
          details: {},
        },
      ]
    },
    inboundAddresses: async () => [],
    usdPriceOf: async (chainId) => (chainId === btc ? 60_000 : 6),
  })
  const quote = async (amount: string) => {
    const thorchain = network()
    const res = await createTestApp({
      config: tagSecretConfig,
      cross: { providers: [thorchain], thorchain },
    }).app.request(
      `/trade/v1/${btc}/quote/cross?${new URLSearchParams({
        fromTokenAddress: zero,
        toTokenAddress: zero,
        amount,
        destinationChainId: String(gaia),
        sender: btcSender,
        receiver: atomReceiver,
      })}`,
    )
    const body = (await res.json()) as { error?: { code: string; details?: { param?: string } } }
    return [res.status, body.error?.code, body.error?.details?.param]
  }

  it.each([
    ['2^256 - 1 satoshis', (2n ** 256n - 1n).toString(), [422, 'INSUFFICIENT_LIQUIDITY', 'amount']],
    ['200 BTC: the pool pays exactly half the value', '20000000000', [200, undefined, undefined]],
    ['200 BTC and 100 satoshis: less than half', '20000000100', [422, 'INSUFFICIENT_LIQUIDITY', 'amount']],
    ['1 BTC', '100000000', [200, undefined, undefined]],
  ])('%s', async (_name, amount, expected) => {
    expect(await quote(amount)).toEqual(expected)
  })
})

describe('hostile inputs to the cross-chain paths answer 4xx, never a 500', () => {
  // every request reaches the handlers (none is answered 429 by the limiter)
  const unlimitedConfig = loadConfig({
    INTEGRATOR_TAG_SECRET: 'cross-test-secret-of-32-characters',
    RATE_LIMIT_PER_MINUTE_IP: '0',
  })
  const hostile: unknown[] = [
    '',
    '-1',
    '0x10',
    '1e400',
    'NaN',
    (2n ** 256n).toString(),
    '9'.repeat(200),
    2 ** 53,
    -1,
    1.5,
    null,
    true,
    [],
    {},
    { nested: ['x'] },
    'zz',
    '0x',
    `0x${'g'.repeat(40)}`,
  ]
  /** A small deterministic generator (mulberry32), so a failing case can be replayed. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }

  /** An app with the recording provider (bridging over `route`) and the `transactionData` of its offer. */
  const issueOffer = async (route?: ProviderQuote['route']) => {
    const { provider } = createRecordingProvider('fake', route)
    const { app } = createTestApp({
      config: unlimitedConfig,
      markets: answeringMarkets().markets,
      cross: { providers: [provider] },
    })
    const quoted = await app.request(`/trade/v1/1/quote/cross?${fakeQuery()}`)
    const [offer] = (await quoted.json()) as { transactionData: Record<string, unknown> }[]
    if (offer === undefined) throw new Error('no offer')
    const issued = offer.transactionData
    const params = issued.params as Record<string, unknown>
    const secret = new TextEncoder().encode(tagSecretConfig.integratorTagSecret ?? '')
    return { app, issued, params, secret }
  }

  it('POST swap/cross: 300 mutations of an issued quote, re-signed or not', async () => {
    const { app, issued, params, secret } = await issueOffer()
    const next = random(7)
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T
    const statuses = new Map<number, number>()
    for (let i = 0; i < 300; i++) {
      const value = pick(hostile)
      const data =
        next() < 0.5
          ? { ...issued, [pick(Object.keys(issued))]: value }
          : { ...issued, params: { ...params, [pick(Object.keys(params))]: value } }
      const signed =
        next() < 0.5
          ? { ...data, mac: computeCrossQuoteMac({ secret, integratorId: '', transactionData: data }) }
          : data
      const account = next() < 0.2 ? pick(hostile) : sender
      const res = await app.request('/trade/v1/1/swap/cross', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionData: signed, account }),
      })
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
      expect(res.status, JSON.stringify({ data: signed, account })).toBeLessThan(500)
    }
    expect([...statuses.keys()].filter((status) => ![200, 400, 422].includes(status))).toEqual([])
  })

  it('POST quote/cross-data: 300 mutations of an issued quote (re-signed or not) and of the legs', async () => {
    const { app, issued, params, secret } = await issueOffer({
      via: 'USDC',
      sourceSwap: false,
      destinationSwap: false,
    })
    const next = random(11)
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T
    const leg = { info: { srcToken: usdc, dstToken: zero }, pools: [usdc] }
    for (let i = 0; i < 300; i++) {
      const value = pick(hostile)
      const data =
        next() < 0.5
          ? { ...issued, [pick(Object.keys(issued))]: value }
          : { ...issued, params: { ...params, [pick(Object.keys(params))]: value } }
      const signed =
        next() < 0.5
          ? { ...data, mac: computeCrossQuoteMac({ secret, integratorId: '', transactionData: data }) }
          : data
      const legs =
        next() < 0.5
          ? {}
          : {
              [pick(['srcQuoteTxData', 'dstQuoteTxData'])]:
                next() < 0.5 ? value : { ...leg, [pick(['info', 'pools'])]: value },
            }
      const body = { transactionData: signed, ...legs }
      const res = await app.request('/trade/v1/1/quote/cross-data', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(res.status, JSON.stringify(body)).toBeLessThan(500)
    }
  })

  it('quote/cross-select: hostile values of its own parameters', async () => {
    const { provider } = createRecordingProvider('fake', {
      via: 'USDC',
      sourceSwap: false,
      destinationSwap: false,
    })
    const { app } = createTestApp({ config: unlimitedConfig, cross: { providers: [provider] } })
    for (const name of ['stableAmount', 'tradeProtocol', 'bridgeAsset'])
      for (const value of hostile) {
        const text = typeof value === 'string' ? value : JSON.stringify(value)
        const res = await app.request(
          `/trade/v1/1/quote/cross-select?${fakeQuery({ stableAmount: '1000000', tradeProtocol: 'CROSS_CHAIN_FAKE', [name]: text })}`,
        )
        expect(res.status, `${name}=${text}`).toBeLessThan(500)
      }
  })

  it('quote/cross: hostile values of every query parameter', async () => {
    const { provider } = createRecordingProvider()
    const { app } = createTestApp({ config: unlimitedConfig, cross: { providers: [provider] } })
    const names = [
      'amount',
      'receiver',
      'sender',
      'destinationChainId',
      'slippage',
      'feePercentage',
      'feeReceiver',
    ]
    for (const name of names)
      for (const value of hostile) {
        const text = typeof value === 'string' ? value : JSON.stringify(value)
        const res = await app.request(`/trade/v1/1/quote/cross?${fakeQuery({ [name]: text })}`)
        expect(res.status, `${name}=${text}`).toBeLessThan(500)
      }
  })
})

describe('the advanced flow: quote/cross-select and quote/cross-data', () => {
  const overUsdc = { via: 'USDC', sourceSwap: false, destinationSwap: false }
  type ErrorAnswer = { message: string; error: { code: string; details?: { param?: string } } }
  /** The recording provider (with `exactOut`), quoting over `route` (null: none), beside one serving nothing. */
  const setUp = (route: ProviderQuote['route'] | null = overUsdc) => {
    const recording = createRecordingProvider('fake', route ?? undefined)
    const idle: CrossChainProvider = {
      ...createRecordingProvider('idle').provider,
      tradeProtocol: 'CROSS_CHAIN_IDLE',
      serves: () => false,
    }
    const { app } = createTestApp({
      config: tagSecretConfig,
      markets: answeringMarkets().markets,
      cross: { providers: [{ ...recording.provider, exactOut: true }, idle] },
    })
    return { app, ...recording }
  }
  const select = (app: ReturnType<typeof setUp>['app'], extra: Record<string, string>) =>
    app.request(`/trade/v1/1/quote/cross-select?${fakeQuery(extra)}`)
  const postData = (app: ReturnType<typeof setUp>['app'], body: unknown) =>
    app.request('/trade/v1/1/quote/cross-data', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  const issuedOffer = async (app: ReturnType<typeof setUp>['app']) => {
    const quoted = await app.request(`/trade/v1/1/quote/cross?${fakeQuery()}`)
    const [offer] = (await quoted.json()) as { transactionData: Record<string, unknown> }[]
    if (offer === undefined) throw new Error('no offer')
    return offer.transactionData
  }

  it('cross-select, exact input: the destination side as if `stableAmount` of the bridged asset crossed', async () => {
    const { app, asked } = setUp()
    const res = await select(app, { stableAmount: '97000000', tradeProtocol: 'CROSS_CHAIN_FAKE' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({
      tradeProtocol: 'CROSS_CHAIN_FAKE',
      providerInfo: { name: 'Fake', logo: '', website: '', docsLink: '', description: '' },
      sourceChainId: 1,
      destinationChainId: 8453,
      bridgeAsset: 'USDC',
      // the trade's offer has no source swap: the input itself is what crosses
      bridgeToken: usdc,
      stableAmount: '97000000',
      nativeFee: '5',
      processingTime: 60,
      contractVersion: 'v2',
      toTokenAmount: '99000000',
      dstTrade: { fromTokenAmount: '99000000', toTokenAmount: '99000000' },
      dstTradeList: [],
    })
    // the trade once (for what it bridges), then that asset with the amount the chosen leg pays
    expect(asked.map((r) => [r.from.address, r.amountIn, r.exactAmountOut, r.legs])).toEqual([
      [usdc, 100_000_000n, undefined, undefined],
      [usdc, 97_000_000n, undefined, { via: 'USDC' }],
    ])
  })

  it('cross-select, exact output: the source side that pays `stableAmount` where it is needed', async () => {
    const { app, asked } = setUp()
    const res = await select(app, {
      stableAmount: '95000000000000000',
      tradeProtocol: 'CROSS_CHAIN_FAKE',
      isExactOut: 'true',
      amount: '90000000000000000',
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      bridgeAsset: 'USDC',
      // the trade's offer has no destination swap: the output itself is what is needed
      bridgeToken: zero,
      stableAmount: '95000000000000000',
      // the fake provider needs as input what it is asked to pay
      fromTokenAmount: '95000000000000000',
      srcTrade: { fromTokenAmount: '95000000000000000', toTokenAmount: '95000000000000000' },
      srcTradeList: [],
    })
    expect(asked.map((r) => [r.to.address, r.exactAmountOut, r.legs])).toEqual([
      [zero, 90_000_000_000_000_000n, undefined],
      [zero, 95_000_000_000_000_000n, { via: 'USDC' }],
    ])
  })

  it.each([
    [
      { tradeProtocol: 'CROSS_CHAIN_FAKE' },
      400,
      'INVALID_PARAMS',
      'Invalid query parameter(s): stableAmount (stableAmount is required)',
    ],
    [
      { tradeProtocol: 'CROSS_CHAIN_FAKE', stableAmount: '0' },
      400,
      'INVALID_PARAMS',
      'Invalid query parameter(s): stableAmount (stableAmount must be greater than 0)',
    ],
    [
      { tradeProtocol: 'CROSS_CHAIN_FAKE', stableAmount: '1.5' },
      400,
      'INVALID_PARAMS',
      'Invalid query parameter(s): stableAmount (stableAmount must be a decimal integer string of base units (no sign, decimals or exponent))',
    ],
    [
      { stableAmount: '1' },
      400,
      'INVALID_PARAMS',
      'Invalid query parameter(s): tradeProtocol (tradeProtocol is required)',
    ],
    [
      { stableAmount: '1', tradeProtocol: 'CROSS_CHAIN_CELER' },
      400,
      'INVALID_PARAMS',
      'tradeProtocol CROSS_CHAIN_CELER is not a provider of this server',
    ],
    [
      { stableAmount: '1', tradeProtocol: 'CROSS_CHAIN_IDLE' },
      422,
      'NO_ROUTE',
      'CROSS_CHAIN_IDLE does not quote this trade',
    ],
  ])('cross-select %j: %i %s', async (extra, status, code, message) => {
    const { app } = setUp()
    const res = await select(app, extra)
    const body = (await res.json()) as ErrorAnswer
    expect([res.status, body.error.code, body.message]).toEqual([status, code, message])
  })

  it('cross-select: a provider that names no bridged asset is 422 NO_ROUTE', async () => {
    const { app } = setUp(null)
    const res = await select(app, { stableAmount: '1000000', tradeProtocol: 'CROSS_CHAIN_FAKE' })
    const body = (await res.json()) as ErrorAnswer
    expect([res.status, body.error.code, body.message]).toEqual([
      422,
      'NO_ROUTE',
      'CROSS_CHAIN_FAKE names no bridged asset for this trade',
    ])
  })

  it('cross-data answers the offer again, signed, with nativeValue; swap/cross builds it unchanged', async () => {
    const { app, asked, built } = setUp()
    const issued = await issuedOffer(app)
    const res = await postData(app, {
      transactionData: issued,
      nativeFee: '5',
      userSelectedQuoteData: null,
      srcQuoteTxData: null,
      dstQuoteTxData: undefined,
      nativeValue: '5',
      tradeParams: { anything: true },
    })
    expect(res.status).toBe(200)
    const data = (await res.json()) as Record<string, unknown> & { params: Record<string, unknown> }
    // asked again over the offer's asset, with nothing chosen on either side
    expect(asked.at(-1)?.legs).toEqual({ via: 'USDC' })
    const { mac, nativeValue, ...rest } = data
    const { mac: _issuedMac, ...issuedRest } = issued
    expect([nativeValue, rest]).toEqual(['5', issuedRest])
    expect(mac).toBe(
      computeCrossQuoteMac({
        secret: new TextEncoder().encode(tagSecretConfig.integratorTagSecret ?? ''),
        integratorId: '',
        transactionData: { ...rest, nativeValue },
      }),
    )
    const swap = await app.request('/trade/v1/1/swap/cross', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transactionData: data, nativeValue, account: sender }),
    })
    expect(swap.status).toBe(200)
    expect(built.map((q) => [q.providerId, q.request.amountIn, q.amountOutMin])).toEqual([
      ['fake', 100_000_000n, 98_000_000n],
    ])
  })

  it.each([
    [
      'a transactionData that is not an object (the body schema refuses it)',
      (_issued: Record<string, unknown>) => ({ transactionData: 'v1' }),
      400,
      'INVALID_PARAMS',
      undefined,
    ],
    [
      'a changed minQuote',
      (issued: Record<string, unknown>) => ({
        transactionData: { ...issued, params: { ...(issued.params as object), minQuote: '1' } },
      }),
      400,
      'QUOTE_TAMPERED',
      'transactionData',
    ],
    [
      'a source leg without pools',
      (issued: Record<string, unknown>) => ({
        transactionData: issued,
        srcQuoteTxData: { info: { srcToken: usdc, dstToken: usdc } },
      }),
      400,
      'INVALID_PARAMS',
      'srcQuoteTxData.pools',
    ],
    [
      'a destination leg that is not an object',
      (issued: Record<string, unknown>) => ({ transactionData: issued, dstQuoteTxData: 'uniswap' }),
      400,
      'INVALID_PARAMS',
      'dstQuoteTxData',
    ],
  ])('cross-data: %s', async (_name, body, status, code, param) => {
    const { app } = setUp()
    const res = await postData(app, body(await issuedOffer(app)))
    const answer = (await res.json()) as ErrorAnswer
    expect([res.status, answer.error.code, answer.error.details?.param]).toEqual([status, code, param])
  })

  it('cross-data: a quote that names no bridged asset is 400 naming params.via', async () => {
    const { app } = setUp(null)
    const res = await postData(app, { transactionData: await issuedOffer(app) })
    const answer = (await res.json()) as ErrorAnswer
    expect([res.status, answer.error.code, answer.error.details?.param]).toEqual([
      400,
      'INVALID_PARAMS',
      'transactionData.params.via',
    ])
  })

  it('both paths are in the OpenAPI document', async () => {
    const doc = (await (await createTestApp().app.request('/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths['/trade/v1/{chainId}/quote/cross-select'] ?? {})).toEqual(['get'])
    expect(Object.keys(doc.paths['/trade/v1/{chainId}/quote/cross-data'] ?? {})).toEqual(['post'])
  })
})
