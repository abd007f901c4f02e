import fc from 'fast-check'
import { hc, type InferRequestType, type InferResponseType } from 'hono/client'
import { type Hex, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { GAS_MARGIN_PERCENT } from '../quotes/estimateSwap'
import type { SingleQuoteResponse } from '../quotes/formatSingleQuote'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { readServerSentEvents } from '../testing/readServerSentEvents'
import type { createSingleRoutes } from './single'

const CHAIN_ID = 1
const UNKNOWN_TOKEN = '0x000000000000000000000000000000000000dEaD'

interface ErrorBody {
  statusCode: number
  message: string
  error: { code: string; details?: unknown }
  requestId: string
}

describe('single-chain routes reject bad input with a stable code', () => {
  let h: DevnetHarness
  let usdc: string
  let weth: string
  let pepe: string

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
    usdc = h.token(CHAIN_ID, 'USDC').address
    weth = h.deployment(CHAIN_ID).wrappedNative
    pepe = h.token(CHAIN_ID, 'PEPE').address
  })
  afterAll(async () => {
    await h?.stop()
  })

  const good = () => ({ fromTokenAddress: zeroAddress, toTokenAddress: usdc, amount: '1000000000000000000' })
  const quote = async (query: Record<string, string | undefined>, chainId: string | number = CHAIN_ID) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value)
    const res = await h.request(`/trade/v1/${chainId}/quote/single?${params}`)
    return { status: res.status, body: (await res.json()) as unknown }
  }

  it('answers a good request with quotes, best first', async () => {
    const { status, body } = await quote(good())
    expect(status).toBe(200)
    expect(Array.isArray(body) && body.length > 1).toBe(true)
  })

  const cases: [string, () => Record<string, string | undefined>, string, RegExp, (string | number)?][] = [
    [
      'malformed fromTokenAddress',
      () => ({ ...good(), fromTokenAddress: '0x1234' }),
      'INVALID_PARAMS',
      /fromTokenAddress/,
    ],
    [
      'malformed toTokenAddress',
      () => ({ ...good(), toTokenAddress: 'usdc' }),
      'INVALID_PARAMS',
      /toTokenAddress/,
    ],
    [
      'unknown toTokenAddress',
      () => ({ ...good(), toTokenAddress: UNKNOWN_TOKEN }),
      'UNSUPPORTED_TOKEN',
      /toTokenAddress/,
    ],
    [
      'unknown fromTokenAddress',
      () => ({ ...good(), fromTokenAddress: UNKNOWN_TOKEN }),
      'UNSUPPORTED_TOKEN',
      /fromTokenAddress/,
    ],
    ['amount 0', () => ({ ...good(), amount: '0' }), 'INVALID_PARAMS', /amount/],
    ['negative amount', () => ({ ...good(), amount: '-5' }), 'INVALID_PARAMS', /amount/],
    ['fractional amount', () => ({ ...good(), amount: '1.5' }), 'INVALID_PARAMS', /amount/],
    ['hex amount', () => ({ ...good(), amount: '0x10' }), 'INVALID_PARAMS', /amount/],
    ['exponent amount', () => ({ ...good(), amount: '1e18' }), 'INVALID_PARAMS', /amount/],
    [
      'amount above 2^256-1',
      () => ({ ...good(), amount: (2n ** 256n).toString() }),
      'INVALID_PARAMS',
      /amount/,
    ],
    ['missing amount', () => ({ ...good(), amount: undefined }), 'INVALID_PARAMS', /amount/],
    [
      'the same token on both sides',
      () => ({ ...good(), fromTokenAddress: usdc }),
      'SAME_TOKEN',
      /fromTokenAddress.*toTokenAddress/,
    ],
    [
      'wrapped native against itself',
      () => ({ ...good(), fromTokenAddress: weth, toTokenAddress: weth }),
      'SAME_TOKEN',
      /fromTokenAddress.*toTokenAddress/,
    ],
    ['unsupported chain 999', () => good(), 'UNSUPPORTED_CHAIN', /999/, 999],
    ['non-numeric chain', () => good(), 'INVALID_PARAMS', /chainId/, 'abc'],
    ['slippage above 0.5', () => ({ ...good(), slippage: '0.6' }), 'INVALID_PARAMS', /slippage/],
    ['negative slippage', () => ({ ...good(), slippage: '-0.1' }), 'INVALID_PARAMS', /slippage/],
    ['non-numeric slippage', () => ({ ...good(), slippage: 'abc' }), 'INVALID_PARAMS', /slippage/],
    [
      'malformed excludedDexes',
      () => ({ ...good(), excludedDexes: '{"1":"uniswap-v3"' }),
      'INVALID_PARAMS',
      /excludedDexes/,
    ],
    ['isSplit=maybe', () => ({ ...good(), isSplit: 'maybe' }), 'INVALID_PARAMS', /isSplit/],
    [
      'feePercentage above 0.1',
      () => ({ ...good(), feePercentage: '0.2', feeReceiver: UNKNOWN_TOKEN }),
      'INVALID_PARAMS',
      /feePercentage/,
    ],
    [
      'feePercentage without feeReceiver',
      () => ({ ...good(), feePercentage: '0.01' }),
      'INVALID_PARAMS',
      /feeReceiver/,
    ],
    ['deadline in the past', () => ({ ...good(), deadline: '1000' }), 'INVALID_PARAMS', /deadline/],
    [
      'deadline in milliseconds (read as such) that has passed',
      () => ({ ...good(), deadline: String(Date.now() - 60_000) }),
      'INVALID_PARAMS',
      /deadline \d{10} is in the past/,
    ],
    [
      'deadline a day ahead',
      () => ({ ...good(), deadline: String(Math.floor(Date.now() / 1000) + 86_400) }),
      'INVALID_PARAMS',
      /deadline \d+ is more than 3600 seconds ahead/,
    ],
    [
      'slippage .5',
      () => ({ ...good(), slippage: '.5' }),
      'INVALID_PARAMS',
      /slippage must be a fraction, e\.g\. 0\.005 for 0\.5%/,
    ],
    [
      'slippage 5.',
      () => ({ ...good(), slippage: '5.' }),
      'INVALID_PARAMS',
      /slippage must be a fraction, e\.g\. 0\.005 for 0\.5%/,
    ],
    [
      'slippage above 0.2',
      () => ({ ...good(), slippage: '0.21' }),
      'INVALID_PARAMS',
      /slippage must be a fraction between 0 and 0\.2/,
    ],
    [
      'feePercentage above 0.03',
      () => ({ ...good(), feePercentage: '0.031', feeReceiver: UNKNOWN_TOKEN }),
      'INVALID_PARAMS',
      /feePercentage/,
    ],
    [
      'receiver the zero address',
      () => ({ ...good(), receiver: zeroAddress }),
      'INVALID_PARAMS',
      /receiver .* is the zero address/,
    ],
    [
      'receiver a token contract',
      () => ({ ...good(), receiver: usdc }),
      'INVALID_PARAMS',
      /receiver .* is a token contract/,
    ],
    [
      'sender the wrapped native',
      () => ({ ...good(), sender: weth }),
      'INVALID_PARAMS',
      /sender .* is the wrapped native/,
    ],
    [
      'feeReceiver a token contract',
      () => ({ ...good(), feePercentage: '0.01', feeReceiver: pepe }),
      'INVALID_PARAMS',
      /feeReceiver .* is a token contract/,
    ],
  ]

  it.each(cases)('%s -> 400 %s', async (_name, query, code, message, chainId) => {
    const { status, body } = await quote(query(), chainId)
    const error = body as ErrorBody
    expect(status).toBe(400)
    expect(error.statusCode).toBe(400)
    expect(error.error.code).toBe(code)
    expect(error.message).toMatch(message)
    expect(typeof error.requestId).toBe('string')
  })

  interface QuoteBody {
    toTokenAmountWithoutFee: string
    priceImpact: number
    amountInUsd: number | null
    amountOutUsd: number | null
    slippage: number
    slippageWarning: string | null
    lpFeePercent: number
    lpFeeAmount: string
    protocol: { pools: { fee: number }[]; amountOut: string }[]
  }

  it("reads the sender's funds once for all the quotes it estimates", async () => {
    const sender = '0x00000000000000000000000000000000000f0dd5'
    const client = h.markets.get(CHAIN_ID).client
    const reads = vi.spyOn(client, 'readContract')
    try {
      const { status, body } = await quote({
        fromTokenAddress: usdc,
        toTokenAddress: zeroAddress,
        amount: '1000000000',
        sender,
        disableEstimate: 'false',
      })
      expect(status).toBe(200)
      const quotes = body as SingleQuoteResponse[]
      expect(quotes.length).toBeGreaterThan(1)
      for (const q of quotes) {
        expect(q).toMatchObject({
          balance: '0',
          allowance: '0',
          insufficientFunds: true,
          insufficientAllowance: true,
          estimateGasError: 'Insufficient balance of the input token',
        })
      }
      const senderReads = reads.mock.calls
        .map(([call]) => call as { functionName: string; args?: readonly unknown[] })
        .filter((call) => String(call.args?.[0]).toLowerCase() === sender)
        .map((call) => call.functionName)
      expect(senderReads.sort()).toEqual(['allowance', 'balanceOf'])
    } finally {
      reads.mockRestore()
    }
  })

  it('estimates each distinct transaction of an answer once', async () => {
    const client = h.markets.get(CHAIN_ID).client
    const estimates = vi.spyOn(client, 'estimateGas')
    try {
      // $30 of ETH: one pool is best, so the best quote is also its exchange's own
      const { status, body } = await quote({
        ...good(),
        amount: '10000000000000000',
        sender: h.account(1).address,
        disableEstimate: 'false',
      })
      expect(status).toBe(200)
      const quotes = body as SingleQuoteResponse[]
      for (const q of quotes) expect(BigInt(q.estimateGas ?? '0')).toBeGreaterThan(0n)
      const distinct = new Set(quotes.map((q) => q.data)).size
      expect(distinct).toBeLessThan(quotes.length)
      expect(estimates).toHaveBeenCalledTimes(distinct)
    } finally {
      estimates.mockRestore()
    }
  })

  it('estimates one transaction per code path in a block and the others of that path from its estimate', async () => {
    const market = h.markets.get(CHAIN_ID)
    const sender = '0x00000000000000000000000000000000005a7e5a'
    await h.sendAndWait(h.deployerClient(CHAIN_ID), { to: sender, value: 10n ** 18n })
    await h.refreshAll()
    const { blockNumber } = market.getSnapshot()
    const ask = async (amount: string) => {
      const { status, body } = await quote({ ...good(), amount, sender, disableEstimate: 'false' })
      expect(status).toBe(200)
      return body as SingleQuoteResponse[]
    }
    const estimates = vi.spyOn(market.client, 'estimateGas')
    try {
      const first = await ask('10000000000000000')
      const distinct = new Set(first.map((q) => q.data)).size
      expect(estimates).toHaveBeenCalledTimes(distinct)
      // 123 wei more: the same pools and steps, other amounts in the calldata
      const second = await ask('10000000000000123')
      const pools = (quotes: SingleQuoteResponse[]) => quotes.map((q) => q.protocol.map((p) => p.pools))
      expect(pools(second)).toEqual(pools(first))
      expect(estimates).toHaveBeenCalledTimes(distinct)
      for (const q of second) {
        const node = await market.client.estimateGas({
          account: sender,
          to: market.deployment.aggregator,
          data: q.data as Hex,
          value: 10000000000000123n,
          blockNumber,
        })
        expect(BigInt(q.estimateGas ?? '0')).toBe((node * GAS_MARGIN_PERCENT) / 100n)
      }
    } finally {
      estimates.mockRestore()
    }
  })

  it("reads funds and estimates at the snapshot's block, once per block for a repeated request", async () => {
    const market = h.markets.get(CHAIN_ID)
    const sender = '0x00000000000000000000000000000000000b10c5'
    const estimates = vi.spyOn(market.client, 'estimateGas')
    const balances = vi.spyOn(market.client, 'getBalance')
    const query = {
      ...good(),
      amount: '10000000000000000',
      sender,
      disableEstimate: 'false',
      deadline: String(Math.floor(Date.now() / 1000) + 600),
    }
    const estimatesOf = (body: unknown) =>
      (body as SingleQuoteResponse[]).map((q) => [q.data, q.balance, q.estimateGas, q.estimateGasError])
    try {
      await h.refreshAll()
      const empty = await quote(query)
      expect(empty.status).toBe(200)
      for (const q of empty.body as SingleQuoteResponse[]) expect(q.balance).toBe('0')
      expect(balances).toHaveBeenCalledTimes(1)

      // a block pays the sender, but the snapshot has not read it (this harness follows no heads): the quote
      // still describes the snapshot's block, its route and funds alike, and reads nothing again
      await h.sendAndWait(h.deployerClient(CHAIN_ID), { to: sender, value: 10n ** 18n })
      const stale = await quote(query)
      expect(estimatesOf(stale.body)).toEqual(estimatesOf(empty.body))
      expect(balances).toHaveBeenCalledTimes(1)
      expect(estimates).not.toHaveBeenCalled()

      await h.refreshAll()
      const { blockNumber } = market.getSnapshot()
      const funded = await quote(query)
      const quotes = funded.body as SingleQuoteResponse[]
      for (const q of quotes) {
        expect(q.balance).toBe('1000000000000000000')
        expect(BigInt(q.estimateGas ?? '0')).toBeGreaterThan(0n)
      }
      expect(balances).toHaveBeenCalledTimes(2)
      expect(balances.mock.calls[1]?.[0]).toMatchObject({ address: sender, blockNumber })
      const distinct = new Set(quotes.map((q) => q.data)).size
      expect(estimates).toHaveBeenCalledTimes(distinct)
      for (const [call] of estimates.mock.calls) expect(call).toMatchObject({ blockNumber })

      const again = await quote(query)
      expect(estimatesOf(again.body)).toEqual(estimatesOf(funded.body))
      expect(estimates).toHaveBeenCalledTimes(distinct)
      expect(balances).toHaveBeenCalledTimes(2)
    } finally {
      estimates.mockRestore()
      balances.mockRestore()
    }
  })

  it('treats empty and `undefined` optional values as absent: the defaults apply', async () => {
    for (const absent of ['', 'undefined']) {
      const { status, body } = await quote({
        ...good(),
        slippage: absent,
        deadline: absent,
        isSplit: absent,
        sender: absent,
      })
      expect(status).toBe(200)
      expect((body as QuoteBody[])[0]?.slippage).toBe(0.5)
    }
  })

  it('warns above 5% slippage and keeps quoting up to 20%', async () => {
    const high = await quote({ ...good(), slippage: '0.2' })
    expect(high.status).toBe(200)
    expect((high.body as QuoteBody[])[0]?.slippageWarning).toBe(
      'Slippage 20% is above 5%: the trade may execute far below the quote (a sandwich bot can take the difference)',
    )
    const atThreshold = await quote({ ...good(), slippage: '0.05' })
    expect((atThreshold.body as QuoteBody[])[0]?.slippageWarning).toBeNull()
  })

  it('measures every quote against one reference price: more output never shows more impact', async () => {
    const { body } = await quote({ ...good(), amount: '200000000000000000000' })
    const quotes = body as QuoteBody[]
    expect(quotes.length).toBeGreaterThan(2)
    for (const a of quotes) {
      for (const b of quotes) {
        if (BigInt(a.toTokenAmountWithoutFee) > BigInt(b.toTokenAmountWithoutFee)) {
          expect(a.priceImpact).toBeLessThan(b.priceImpact)
        }
      }
      // No fee and no tax here: impact is exactly the USD value lost at the market's USD prices.
      if (a.amountInUsd === null || a.amountOutUsd === null) throw new Error('unpriced')
      expect(a.priceImpact).toBeCloseTo((1 - a.amountOutUsd / a.amountInUsd) * 100, 6)
    }
  })

  it('priceImpactProtectionPercentage applies the reference-price impact of the best quote', async () => {
    const big = { ...good(), amount: '2000000000000000000000' }
    const [best] = (await quote(big)).body as QuoteBody[]
    if (!best) throw new Error('no quote')
    expect(best.priceImpact).toBeGreaterThan(0.001)
    const limit = (best.priceImpact / 100 / 2).toFixed(12)
    const refused = await quote({ ...big, priceImpactProtectionPercentage: limit })
    expect([refused.status, (refused.body as ErrorBody).error.details]).toEqual([
      422,
      // the answer's percent is the fraction times 100 in decimal: dividing it back in floats may differ in the last bit
      { priceImpact: expect.closeTo(best.priceImpact / 100, 15), limit: Number(limit) },
    ])
    const allowed = await quote({
      ...big,
      priceImpactProtectionPercentage: (best.priceImpact / 50).toFixed(12),
    })
    expect(allowed.status).toBe(200)
  })

  it("shows LP fees apart: a one-pool route pays that pool's fee", async () => {
    const { body } = await quote(good())
    const single = (body as QuoteBody[]).find(
      (q) => q.protocol.length === 1 && q.protocol[0]?.pools.length === 1,
    )
    if (!single) throw new Error('no one-pool route')
    const feePips = single.protocol[0]?.pools[0]?.fee ?? 0
    expect(single.lpFeePercent).toBe(feePips / 10_000)
    const out = BigInt(single.protocol[0]?.amountOut ?? '0')
    expect(BigInt(single.lpFeeAmount)).toBe((out * 1_000_000n) / (1_000_000n - BigInt(feePips)) - out)
  })

  it("types: POST swap/single takes a quote's transactionData exactly as quote/single returns it", () => {
    const client = hc<ReturnType<typeof createSingleRoutes>>('http://localhost')
    type Quote = InferResponseType<
      (typeof client.trade.v1)[':chainId']['quote']['single']['$get'],
      200
    >[number]
    type PostJson = InferRequestType<(typeof client.trade.v1)[':chainId']['swap']['single']['$post']>['json']
    expectTypeOf<{ transactionData: Quote['transactionData']; account: string }>().toExtend<PostJson>()
    expectTypeOf<{
      transactionData: SingleQuoteResponse['transactionData']
      account: string
    }>().toExtend<PostJson>()
    expectTypeOf<Quote['tokenFrom']['priceInUsd']>().toEqualTypeOf<number | null>()
  })

  it('no pool left for the pair -> 422 NO_ROUTE (every dex excluded, or the long tail token cut off)', async () => {
    const ids = h.deployment(CHAIN_ID).exchanges.map((e) => e.id)
    const all = await quote({ ...good(), excludedDexes: JSON.stringify({ [CHAIN_ID]: ids }) })
    expect(all.status).toBe(422)
    expect((all.body as ErrorBody).error.code).toBe('NO_ROUTE')
    const cutOff = await quote({
      ...good(),
      toTokenAddress: pepe,
      excludedDexes: JSON.stringify({ [CHAIN_ID]: ['uniswap-v3', 'uniswap-v2'] }),
    })
    expect(cutOff.status).toBe(422)
    expect((cutOff.body as ErrorBody).error.code).toBe('NO_ROUTE')
  })

  it('batch_quote answers each item separately', async () => {
    const requests = [
      good(),
      { ...good(), amount: '0' },
      { ...good(), toTokenAddress: UNKNOWN_TOKEN },
      'nonsense',
    ]
    const res = await h.request(
      `/trade/v1/${CHAIN_ID}/batch_quote/single?requests=${encodeURIComponent(JSON.stringify(requests))}`,
    )
    expect(res.status).toBe(200)
    const items = (await res.json()) as {
      index: number
      status: number
      quotes?: unknown[]
      error?: { code: string }
    }[]
    expect(items.map((i) => [i.index, i.status, i.error?.code])).toEqual([
      [0, 200, undefined],
      [1, 400, 'INVALID_PARAMS'],
      [2, 400, 'UNSUPPORTED_TOKEN'],
      [3, 400, 'INVALID_PARAMS'],
    ])
    expect(items[0]?.quotes?.length).toBeGreaterThan(1)
  })

  it('batch_quote as server-sent events: each item the moment it is quoted (a refused one before a searched one), then end', async () => {
    // an amount no other test asks: its route is searched, not remembered
    const requests = [
      { ...good(), amount: '1000000000000000007' },
      { ...good(), amount: '0' },
    ]
    const path = `/trade/v1/${CHAIN_ID}/batch_quote/single?requests=${encodeURIComponent(JSON.stringify(requests))}`
    const res = await h.request(path, { headers: { accept: 'text/event-stream' } })
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/event-stream'])
    const next = readServerSentEvents(res)
    // the refused item needs no search: it is sent while the other is still being routed
    const refused = await next()
    expect([refused?.event, refused?.id, refused?.data]).toMatchObject([
      'item',
      '1',
      { index: 1, status: 400, error: { code: 'INVALID_PARAMS' } },
    ])
    const quoted = await next()
    expect([quoted?.event, quoted?.id]).toEqual(['item', '0'])
    // the same entry as the JSON answer's
    const plain = (await (await h.request(path)).json()) as { quotes: { toTokenAmount: string }[] }[]
    expect(plain[0]?.quotes[0]?.toTokenAmount).toMatch(/^\d+$/)
    expect(
      (quoted?.data as { quotes: { toTokenAmount: string }[] } | undefined)?.quotes[0]?.toTokenAmount,
    ).toBe(plain[0]?.quotes[0]?.toTokenAmount)
    expect(await next()).toEqual({ event: 'end', data: { items: 2 } })
    expect(await next()).toBeUndefined()
    // a malformed list is refused whole, before any event
    const bad = await h.request(`/trade/v1/${CHAIN_ID}/batch_quote/single?requests=[]`, {
      headers: { accept: 'text/event-stream' },
    })
    expect([bad.status, ((await bad.json()) as ErrorBody).error.code]).toEqual([400, 'INVALID_PARAMS'])
  })

  it('batch_quote rejects a malformed or oversized list as a whole', async () => {
    for (const requests of ['not json', '[]', JSON.stringify(Array.from({ length: 26 }, good))]) {
      const res = await h.request(
        `/trade/v1/${CHAIN_ID}/batch_quote/single?requests=${encodeURIComponent(requests)}`,
      )
      expect(res.status).toBe(400)
      expect(((await res.json()) as ErrorBody).error.code).toBe('INVALID_PARAMS')
    }
  })

  const postSwap = async (body: string) => {
    const res = await h.request(`/trade/v1/${CHAIN_ID}/swap/single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    return { status: res.status, body: (await res.json()) as ErrorBody }
  }

  it('swap/single POST: malformed body -> 400, expired deadline -> 422 QUOTE_EXPIRED', async () => {
    const account = h.account(0).address
    const res = await quote({ ...good(), sender: account })
    const [best] = res.body as { transactionData: { info: Record<string, unknown> } }[]
    if (!best) throw new Error('no quote')

    const broken = await postSwap('{"transactionData":')
    expect([broken.status, broken.body.error.code]).toEqual([400, 'INVALID_JSON'])
    const missing = await postSwap(JSON.stringify({ account }))
    expect([missing.status, missing.body.error.code]).toEqual([400, 'INVALID_PARAMS'])
    expect(missing.body.message).toMatch(/transactionData/)
    const badAccount = await postSwap(
      JSON.stringify({ transactionData: best.transactionData, account: '0x12' }),
    )
    expect([badAccount.status, badAccount.body.error.code]).toEqual([400, 'INVALID_PARAMS'])
    expect(badAccount.body.message).toMatch(/account/)

    const expired = {
      ...best.transactionData,
      info: { ...best.transactionData.info, deadline: Math.floor(Date.now() / 1000) - 60 },
    }
    const late = await postSwap(JSON.stringify({ transactionData: expired, account }))
    expect([late.status, late.body.error.code]).toEqual([422, 'QUOTE_EXPIRED'])

    const ok = await postSwap(JSON.stringify({ transactionData: best.transactionData, account }))
    expect(ok.status).toBe(200)
  })

  it('never answers 500 to random query strings (property)', async () => {
    const keys = [
      'fromTokenAddress',
      'toTokenAddress',
      'amount',
      'sender',
      'receiver',
      'slippage',
      'deadline',
      'excludedDexes',
      'feePercentage',
      'feeReceiver',
      'disableEstimate',
      'isSplit',
      'isExactOut',
      'priceImpactProtectionPercentage',
      'dex',
    ]
    const value = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(
        zeroAddress,
        UNKNOWN_TOKEN,
        '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
        '1',
        '0',
        'true',
        'false',
      ),
      fc.bigInt({ min: 0n, max: 2n ** 257n }).map(String),
      fc.double({ noNaN: false }).map(String),
      fc.json(),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...keys), value),
        fc.constantFrom(String(CHAIN_ID), '999', '-1', 'x', '1e3'),
        fc.constantFrom('weth', 'usdc', 'pepe', 'base', 'none'),
        async (query, chainId, pinned) => {
          // 'base' starts from a valid request so the random values reach routing and formatting too.
          const q: Record<string, string> = pinned === 'base' ? { ...good(), ...query } : { ...query }
          if (pinned === 'weth') q.fromTokenAddress = weth
          if (pinned === 'usdc') q.toTokenAddress = usdc
          if (pinned === 'pepe') q.toTokenAddress = pepe
          const params = new URLSearchParams(q)
          const res = await h.request(`/trade/v1/${encodeURIComponent(chainId)}/quote/single?${params}`)
          expect(res.status, `${chainId} ${params}: ${await res.clone().text()}`).toBeLessThan(500)
        },
      ),
      { numRuns: 300 },
    )
  })
})
