import { type Address, getAddress, type Hex, isAddressEqual, parseEther, zeroAddress } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

/**
 * Wrap and unwrap (native against its wrapped token) are quoted 1:1 and executed by the Aggregator with no
 * legs: the chain moves exactly the quoted amounts, for exact in and exact out, GET and POST alike.
 */

const SENDER = 0
const RECEIVER = 1
const FEE_RECEIVER = 2
const CHAIN_IDS = [1, 56]

interface WrapCase {
  name: string
  wrap: boolean
  amount: bigint
  exactOut?: boolean
  feePercentage?: string
  /** How the transaction is obtained: the quote's `data`, `POST swap/single` or `GET swap/single`. */
  via: 'quote' | 'post' | 'get'
  /** Exact quoted amounts (input, receiver's output, fee). */
  expected: { in: bigint; out: bigint; fee: bigint }
}

const cases: WrapCase[] = [
  {
    name: 'wrap exact in',
    wrap: true,
    amount: parseEther('1.5'),
    via: 'quote',
    expected: { in: parseEther('1.5'), out: parseEther('1.5'), fee: 0n },
  },
  {
    name: 'unwrap exact in, via POST',
    wrap: false,
    amount: 123_456_789_012_345_679n,
    via: 'post',
    expected: { in: 123_456_789_012_345_679n, out: 123_456_789_012_345_679n, fee: 0n },
  },
  {
    name: 'wrap exact out with a 0.3% fee, via GET swap/single',
    wrap: true,
    amount: 997n,
    exactOut: true,
    feePercentage: '0.003',
    via: 'get',
    expected: { in: 1000n, out: 997n, fee: 3n },
  },
  {
    name: 'unwrap exact in with a 0.3% fee',
    wrap: false,
    amount: 1_000_001n,
    feePercentage: '0.003',
    via: 'quote',
    expected: { in: 1_000_001n, out: 997_001n, fee: 3_000n },
  },
  {
    name: 'unwrap exact out, via POST',
    wrap: false,
    amount: parseEther('2'),
    exactOut: true,
    via: 'post',
    expected: { in: parseEther('2'), out: parseEther('2'), fee: 0n },
  },
]

describe('wrap and unwrap match the chain to the wei', () => {
  let h: DevnetHarness
  let restore: (() => Promise<void>) | undefined

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: CHAIN_IDS })
  })
  afterEach(async () => {
    await restore?.()
    restore = undefined
  })
  afterAll(async () => {
    await h?.stop()
  })

  const run = async (chainId: number, c: WrapCase) => {
    restore = await h.snapshot([chainId])
    const sender = h.account(SENDER).address
    const receiver = h.account(RECEIVER).address
    const feeReceiver = h.account(FEE_RECEIVER).address
    const wallet = h.walletClient(chainId, SENDER)
    const { aggregator, wrappedNative } = h.deployment(chainId)
    const [from, to] = c.wrap ? [zeroAddress, wrappedNative] : [wrappedNative, zeroAddress]
    if (!c.wrap) await h.approve(wallet, wrappedNative)
    await h.refreshAll()

    const query = new URLSearchParams({
      fromTokenAddress: from,
      toTokenAddress: to,
      amount: c.amount.toString(),
      sender,
      receiver,
      disableEstimate: 'false',
      ...(c.exactOut ? { isExactOut: 'true' } : {}),
      ...(c.feePercentage ? { feePercentage: c.feePercentage, feeReceiver } : {}),
    })
    const res = await h.request(`/trade/v1/${chainId}/quote/single?${query}`)
    const quotes = (await res.json()) as Record<string, unknown>[]
    expect(res.status, JSON.stringify(quotes)).toBe(200)
    expect(quotes).toHaveLength(1)
    const [best] = quotes
    if (!best) throw new Error('no quote')
    expect(best.estimateGasError, `estimate: ${String(best.estimateGasError)}`).toBeUndefined()
    expect(BigInt(String(best.estimateGas))).toBeGreaterThan(0n)
    expect([best.fromTokenAmount, best.toTokenAmount, best.fee]).toEqual([
      c.expected.in.toString(),
      c.expected.out.toString(),
      c.expected.fee.toString(),
    ])
    expect(best.priceImpact).toBe(0)
    const protocol = best.protocol as { name: string; percentage: number; pools: unknown[] }[]
    expect(protocol.map((p) => [p.name, p.percentage, p.pools.length])).toEqual([
      [c.wrap ? 'Wrap' : 'Unwrap', 100, 0],
    ])
    const transactionData = best.transactionData as { call: unknown[] }
    expect(transactionData.call).toEqual([])
    // Exact out sends the maximum (0.5% default slippage above the input); the Aggregator refunds the rest.
    const maxIn = c.exactOut ? c.expected.in + (c.expected.in * 50n) / 10_000n : c.expected.in
    expect(best.nativeValue).toBe(c.wrap ? maxIn.toString() : '0')

    let data = best.data as Hex
    let value = BigInt(String(best.nativeValue))
    if (c.via === 'post') {
      const post = await h.request(`/trade/v1/${chainId}/swap/single`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ transactionData, account: sender, receiver, nativeValue: value.toString() }),
      })
      const swap = (await post.json()) as Record<string, unknown>
      expect(post.status, JSON.stringify(swap)).toBe(200)
      expect(swap.data).toBe(best.data)
      data = swap.data as Hex
      value = BigInt(String(swap.value))
    } else if (c.via === 'get') {
      const get = await h.request(`/trade/v1/${chainId}/swap/single?${query}`)
      const swap = (await get.json()) as Record<string, unknown>
      expect(get.status, JSON.stringify(swap)).toBe(200)
      expect(swap.amountOut).toBe(c.expected.out.toString())
      data = swap.data as Hex
      value = BigInt(String(swap.value))
    }

    const balances = async () => ({
      senderIn: await h.balanceOf(chainId, from, sender),
      receiverOut: await h.balanceOf(chainId, to, receiver),
      feeOut: await h.balanceOf(chainId, to, feeReceiver),
      aggregator: [
        await h.balanceOf(chainId, zeroAddress, aggregator),
        await h.balanceOf(chainId, wrappedNative, aggregator),
      ],
    })
    const before = await balances()
    const receipt = await h.sendAndWait(wallet, { to: getAddress(String(best.to)), data, value })
    const after = await balances()

    const gasPaid = c.wrap ? receipt.gasUsed * receipt.effectiveGasPrice : 0n
    expect(receipt.gasUsed).toBeLessThanOrEqual(BigInt(String(best.gasUnits)))
    expect(after.receiverOut - before.receiverOut).toBe(c.expected.out)
    expect(before.senderIn - after.senderIn - gasPaid).toBe(c.expected.in)
    expect(after.feeOut - before.feeOut).toBe(c.expected.fee)
    expect(after.aggregator).toEqual([0n, 0n])
    expect(isAddressEqual(getAddress(String(best.to)), aggregator)).toBe(true)
  }

  for (const chainId of CHAIN_IDS) {
    it(`chain ${chainId}`, async () => {
      for (const c of cases) {
        try {
          await run(chainId, c)
        } catch (error: unknown) {
          throw new Error(`case "${c.name}": ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          })
        } finally {
          await restore?.()
          restore = undefined
        }
      }
    })
  }

  it('refuses legs for a wrap and no legs for a swap in POST swap/single', async () => {
    const { wrappedNative } = h.deployment(1)
    const usdc = h.token(1, 'USDC').address
    const account = h.account(SENDER).address
    const post = async (dstToken: Address, call: { amount: string; data: string }[]) => {
      const res = await h.request('/trade/v1/1/swap/single', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          transactionData: {
            info: {
              srcToken: zeroAddress,
              dstToken,
              amountIn: '1000',
              amountOutMin: '1',
              deadline: Math.floor(Date.now() / 1000) + 600,
            },
            call,
          },
          account,
        }),
      })
      return { status: res.status, body: (await res.json()) as { message: string; error: { code: string } } }
    }
    const swapWithoutLegs = await post(usdc, [])
    expect([swapWithoutLegs.status, swapWithoutLegs.body.error.code]).toEqual([400, 'INVALID_PARAMS'])
    expect(swapWithoutLegs.body.message).toBe('transactionData.call must list the legs of the route')
    const wrapWithLegs = await post(wrappedNative, [{ amount: '1000', data: '0x' }])
    expect([wrapWithLegs.status, wrapWithLegs.body.error.code]).toEqual([400, 'INVALID_PARAMS'])
    expect(wrapWithLegs.body.message).toBe('transactionData.call must be empty for a wrap or unwrap')
  })
})
