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
    h = await startDevnetHarness({ portBase: 20600, chainIds: [CHAIN_ID] })
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
