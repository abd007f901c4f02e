import { decodeFunctionData, getAddress, type Hex, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aggregatorAbi } from '../../contracts/artifacts'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import type { Markets } from '../market/createMarkets'
import { createMarkets } from '../market/createMarkets'
import { encodeLegHops } from '../quotes/buildSwapCalldata'
import { createTestApp } from '../testing/createTestApp'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

const CHAIN_ID = 1
const ATTACKER = '0x000000000000000000000000000000000000bAd0'
const FEE_RECEIVER = getAddress('0x000000000000000000000000000000000000fee5')
/** Holds no native currency and no tokens on the devnet. */
const POOR = getAddress('0x00000000000000000000000000000000000F00D0')

interface Quote {
  transactionData: { info: Record<string, unknown>; call: unknown[] }
}
interface SwapParamsArg {
  receiver: string
  feeRecipient: string
  feeBps: number
  amountOut: bigint
}

describe('swap/single builds only transactions that pay the signer as asked', () => {
  let h: DevnetHarness
  let usdc: string

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
    usdc = h.token(CHAIN_ID, 'USDC').address
  })
  afterAll(async () => {
    await h?.stop()
  })

  const quote = async (extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: '1000000000000000000',
      ...extra,
    })
    const res = await h.request(`/trade/v1/${CHAIN_ID}/quote/single?${query}`)
    expect(res.status).toBe(200)
    const [best] = (await res.json()) as Quote[]
    if (!best) throw new Error('no quote')
    return best
  }
  const postSwap = async (body: unknown) => {
    const res = await h.request(`/trade/v1/${CHAIN_ID}/swap/single`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const swapParams = (data: unknown): SwapParamsArg => {
    const { args } = decodeFunctionData({ abi: aggregatorAbi, data: data as Hex })
    return args[0] as SwapParamsArg
  }

  it('pays the account, not a receiver slipped into transactionData.info', async () => {
    const account = h.account(0).address
    const best = await quote()
    const tampered = {
      ...best.transactionData,
      info: { ...best.transactionData.info, receiver: ATTACKER },
    }
    const res = await postSwap({ transactionData: tampered, account })
    expect(res.status).toBe(200)
    expect(swapParams(res.body.data).receiver).toBe(account)
  })

  it('keeps the integrator fee receiver of a quote made without a sender', async () => {
    const best = await quote({ feePercentage: '0.01', feeReceiver: FEE_RECEIVER })
    expect(best.transactionData.info.feeReceiver).toBe(FEE_RECEIVER)
    const res = await postSwap({ transactionData: best.transactionData, account: h.account(0).address })
    expect(res.status).toBe(200)
    const p = swapParams(res.body.data)
    expect([p.feeRecipient, p.feeBps]).toEqual([FEE_RECEIVER, 100])
  })

  it('rejects a fee without a receiver and a zero minimum output with 400 INVALID_PARAMS', async () => {
    const account = h.account(0).address
    const best = await quote({ feePercentage: '0.01', feeReceiver: FEE_RECEIVER })
    const { feeReceiver: _dropped, ...noReceiver } = best.transactionData.info
    const noFeeReceiver = await postSwap({
      transactionData: { ...best.transactionData, info: noReceiver },
      account,
    })
    expect([noFeeReceiver.status, (noFeeReceiver.body.error as { code: string }).code]).toEqual([
      400,
      'INVALID_PARAMS',
    ])
    expect(noFeeReceiver.body.message).toBe(
      'transactionData.info.feeReceiver is required when feePercent is above 0',
    )
    const zeroMin = await postSwap({
      transactionData: { ...best.transactionData, info: { ...best.transactionData.info, amountOutMin: '0' } },
      account,
    })
    expect([zeroMin.status, zeroMin.body.message]).toEqual([
      400,
      'transactionData.info.amountIn and amountOutMin must be above 0',
    ])
  })

  const getSwap = async (query: Record<string, string>) => {
    const res = await h.request(`/trade/v1/${CHAIN_ID}/swap/single?${new URLSearchParams(query)}`)
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const errorOf = (res: { status: number; body: Record<string, unknown> }) => [
    res.status,
    (res.body.error as { code: string } | undefined)?.code,
    (res.body.error as { details?: { param?: string } } | undefined)?.details?.param,
  ]

  it.each([
    ['native in, rich sender', 'native', 'rich', false],
    ['native in, poor sender', 'native', 'poor', true],
    ['token in, rich sender', 'token', 'rich', false],
    ['token in, poor sender', 'token', 'poor', true],
  ])('GET swap/single: %s -> insufficientGas %s', async (_name, input, who, insufficientGas) => {
    const sender = who === 'rich' ? h.account(0).address : POOR
    const [from, to, amount] =
      input === 'native' ? [zeroAddress, usdc, '1000000000000000000'] : [usdc, zeroAddress, '1000000']
    const res = await getSwap({ fromTokenAddress: from, toTokenAddress: to, amount, sender })
    expect(res.status).toBe(200)
    expect(res.body.insufficientGas).toBe(insufficientGas)
    expect(res.body.value).toBe(input === 'native' ? amount : '0')
    expect(swapParams(res.body.data).receiver).toBe(getAddress(sender))
    expect((res.body.quote as { toTokenAmount: string }).toTokenAmount).toBe(res.body.amountOut)
  })

  it('GET swap/single refuses receivers and fee receivers that lose the funds, naming the field', async () => {
    const sender = h.account(0).address
    const base = {
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: '1000000000000000000',
      sender,
    }
    const pool = h.markets.get(CHAIN_ID).getSnapshot().pools[0]?.address ?? zeroAddress
    const aggregator = h.deployment(CHAIN_ID).aggregator
    const weth = h.deployment(CHAIN_ID).wrappedNative
    expect(errorOf(await getSwap({ ...base, receiver: zeroAddress }))).toEqual([
      400,
      'INVALID_PARAMS',
      'receiver',
    ])
    expect(errorOf(await getSwap({ ...base, receiver: pool }))).toEqual([400, 'INVALID_PARAMS', 'receiver'])
    expect(errorOf(await getSwap({ ...base, receiver: aggregator }))).toEqual([
      400,
      'INVALID_PARAMS',
      'receiver',
    ])
    expect(errorOf(await getSwap({ ...base, receiver: weth }))).toEqual([400, 'INVALID_PARAMS', 'receiver'])
    expect(errorOf(await getSwap({ ...base, feePercentage: '0.01', feeReceiver: usdc }))).toEqual([
      400,
      'INVALID_PARAMS',
      'feeReceiver',
    ])
  })

  describe('POST swap/single re-checks the body against a fresh quote', () => {
    const account = () => h.account(0).address
    const withInfo = (best: Quote, info: Record<string, unknown>) => ({
      transactionData: { ...best.transactionData, info: { ...best.transactionData.info, ...info } },
      account: account(),
    })

    it('shows the integrator fee it pays: percent, receiver and amount', async () => {
      const best = await quote({ feePercentage: '0.01', feeReceiver: FEE_RECEIVER })
      const res = await postSwap({ transactionData: best.transactionData, account: account() })
      expect(res.status).toBe(200)
      const fee = res.body.integratorFee as { percent: number; receiver: string; amount: string }
      expect([fee.percent, fee.receiver]).toEqual([1, FEE_RECEIVER])
      expect(BigInt(fee.amount) > 0n).toBe(true)
      const plain = await postSwap({ transactionData: (await quote()).transactionData, account: account() })
      expect(plain.body.integratorFee).toEqual({ percent: 0, receiver: zeroAddress, amount: '0' })
    })

    it('refuses a minimum output looser than the slippage limit (amountOutMin 1), accepts a tight one', async () => {
      const best = await quote()
      expect(errorOf(await postSwap(withInfo(best, { amountOutMin: '1' })))).toEqual([
        400,
        'INVALID_PARAMS',
        'transactionData.info.amountOutMin',
      ])
      const actual = BigInt(String(best.transactionData.info.actualQuote))
      const atLimit = (actual * 8000n) / 10000n
      expect((await postSwap(withInfo(best, { amountOutMin: String(atLimit - 1n) }))).status).toBe(400)
      expect((await postSwap(withInfo(best, { amountOutMin: String(atLimit) }))).status).toBe(200)
      expect((await postSwap(withInfo(best, { amountOutMin: String(actual * 2n) }))).status).toBe(200)
    })

    it('refuses a maximum input looser than the slippage limit for an exact output', async () => {
      const best = await quote({ isExactOut: 'true', amount: '1000000000' })
      const amountIn = BigInt((best as unknown as { fromTokenAmount: string }).fromTokenAmount)
      const tooMuch = String(amountIn * 2n)
      const res = await postSwap({ ...withInfo(best, { amountInMax: tooMuch }), nativeValue: tooMuch })
      expect(errorOf(res)).toEqual([400, 'INVALID_PARAMS', 'transactionData.info.amountInMax'])
    })

    it('refuses a deadline years away and a fee above the maximum, naming the field', async () => {
      const best = await quote()
      const years = Math.floor(Date.now() / 1000) + 3 * 365 * 24 * 3600
      expect(errorOf(await postSwap(withInfo(best, { deadline: years })))).toEqual([
        400,
        'INVALID_PARAMS',
        'transactionData.info.deadline',
      ])
      const fee = await postSwap(withInfo(best, { feePercent: 0.1, feeReceiver: FEE_RECEIVER }))
      expect([fee.status, fee.body.message]).toEqual([
        400,
        'Invalid body field(s): transactionData.info.feePercent (Too big: expected number to be <=0.03)',
      ])
    })

    it('refuses receivers and fee receivers that burn funds or feed a pool, naming the field', async () => {
      const best = await quote({ feePercentage: '0.01', feeReceiver: FEE_RECEIVER })
      // a pool contract (V4 pools are ids inside their manager, which is refused as well)
      const pool =
        h.markets
          .get(CHAIN_ID)
          .getSnapshot()
          .pools.find((p) => p.kind !== 'uniswap-v4')?.address ?? zeroAddress
      const manager =
        h.deployment(CHAIN_ID).exchanges.find((e) => e.kind === 'uniswap-v4')?.factory ?? zeroAddress
      const aggregator = h.deployment(CHAIN_ID).aggregator
      const body = { transactionData: best.transactionData, account: account() }
      for (const receiver of [pool, manager]) {
        expect(errorOf(await postSwap({ ...body, receiver }))).toEqual([400, 'INVALID_PARAMS', 'receiver'])
      }
      expect(errorOf(await postSwap({ ...body, receiver: usdc }))).toEqual([
        400,
        'INVALID_PARAMS',
        'receiver',
      ])
      expect(errorOf(await postSwap({ ...body, account: aggregator }))).toEqual([
        400,
        'INVALID_PARAMS',
        'account',
      ])
      for (const feeReceiver of [zeroAddress, aggregator, pool, manager, usdc]) {
        expect(errorOf(await postSwap(withInfo(best, { feeReceiver })))).toEqual([
          400,
          'INVALID_PARAMS',
          'transactionData.info.feeReceiver',
        ])
      }
    })
  })

  it('answers 503 UPSTREAM_UNAVAILABLE when the node is down during a quote with estimation', async () => {
    const live = h.markets.get(CHAIN_ID)
    const dead = createMarkets({
      deployments: [{ ...live.deployment, rpcUrl: 'http://127.0.0.1:1' }],
      pollIntervalMs: 3_600_000,
    }).get(CHAIN_ID)
    const market = { ...live, client: dead.client }
    const markets: Markets = { ...h.markets, get: () => market, all: () => [market] }
    const app = createApp({
      config: loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE_IP: '0' }),
      deployments: h.deployments,
      logger: createSilentLogger(),
      markets,
      store: h.store,
      distDir: '/nonexistent/dist',
    })
    const query = new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: usdc,
      amount: '1000000000000000000',
      sender: h.account(0).address,
      disableEstimate: 'false',
    })
    const res = await app.request(`/trade/v1/${CHAIN_ID}/quote/single?${query}`)
    const body = (await res.json()) as { error: { code: string } }
    expect([res.status, body.error.code]).toEqual([503, 'UPSTREAM_UNAVAILABLE'])
  })
})

describe('POST swap/single without a chain', () => {
  const weth = getAddress('0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2')
  const usdc = getAddress('0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')
  const hops = encodeLegHops([{ kind: 0, factoryId: 0, tokenIn: weth, tokenOut: usdc, fee: 0 }])
  const above = (2n ** 256n).toString()
  const body = (info: Record<string, unknown>, legAmount = '0') => ({
    transactionData: {
      info: {
        srcToken: weth,
        dstToken: usdc,
        amountIn: '1000',
        amountOutMin: '1',
        deadline: 9_999_999_999,
        ...info,
      },
      call: [{ amount: legAmount, data: hops }],
    },
    account: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  })

  it.each([
    ['amountIn', body({ amountIn: above }), 'transactionData.info.amountIn'],
    ['a leg amount', body({}, above), 'transactionData.call.0.amount'],
  ])('answers 400 INVALID_PARAMS, not 500, for %s above 2^256-1', async (_name, payload, field) => {
    const { app } = createTestApp()
    const res = await app.request('/trade/v1/1/swap/single', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })
    const answer = (await res.json()) as { message: string; error: { code: string } }
    expect([res.status, answer.error.code]).toEqual([400, 'INVALID_PARAMS'])
    expect(answer.message).toBe(
      `Invalid body field(s): ${field} (${field.split('.').at(-1)} must not exceed 2^256 - 1)`,
    )
  })
})
