import { describe, expect, it } from 'vitest'
import { AppError } from '../../errors'
import type { ThornodeSwapQuote } from './createThornodeClient'
import { toThorchainQuote } from './toThorchainQuote'

const BTC = -3980891822
const ETH_RECEIVER = '0x00000000000000000000000000000000000a7011'
const ENTRY = '0x00000000000000000000000000000000000000e7'
const native = '0x0000000000000000000000000000000000000000'

const request = {
  from: { chainId: BTC, address: native, decimals: 8 },
  to: { chainId: 1, address: native, decimals: 18 },
  amountIn: 10_000_000n,
  sender: 'bc1qsender',
  receiver: ETH_RECEIVER,
  slippage: 0.01,
}
const thornode: ThornodeSwapQuote = {
  inbound_address: 'bc1qvault',
  expected_amount_out: '2400000',
  fees: {
    asset: 'ETH.ETH',
    affiliate: '0',
    outbound: '2000',
    liquidity: '1000',
    total: '3000',
    slippage_bps: 4,
    total_bps: 12,
  },
  memo: `=:ETH.ETH:${ETH_RECEIVER}:2376000`,
  recommended_min_amount_in: '10000',
  expiry: 1_700_000_600,
  total_swap_seconds: 1_200,
}

describe('toThorchainQuote', () => {
  // a P2WSH receiver (62 characters): with a 14-digit limit the memo is 81 bytes, one more than an OP_RETURN holds
  const p2wsh = `bc1q${'a'.repeat(58)}`
  const memoOf = (limit: string) => `=:b:${p2wsh}:${limit}`
  const toBtc = (memo: string, from = request.from) =>
    toThorchainQuote({
      request: { ...request, from, to: { chainId: BTC, address: native, decimals: 8 }, receiver: p2wsh },
      quote: { ...thornode, memo },
      fromAsset: 'LTC.LTC',
      toAsset: 'BTC.BTC',
      amount: 10_000_000n,
      nativeDecimals: 8,
      origin: undefined,
    })

  it('refuses a UTXO deposit whose memo would not fit in an 80-byte OP_RETURN (MEMO_TOO_LONG)', () => {
    const LTC = -33463083
    const ltc = { chainId: LTC, address: native, decimals: 8 }
    expect(memoOf('1234567890123').length).toBe(80)
    expect(toBtc(memoOf('1234567890123'), ltc).details.memo).toBe(memoOf('1234567890123'))
    const error = (() => {
      try {
        toBtc(memoOf('12345678901234'), ltc)
      } catch (caught: unknown) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({
      code: 'MEMO_TOO_LONG',
      status: 400,
      message:
        "The deposit's memo is 81 bytes; an OP_RETURN carries at most 80: use a shorter receiver address",
      details: { provider: 'thorchain', param: 'receiver', bytes: 81, maxBytes: 80, chainId: LTC },
    })
  })

  it('takes a longer memo from a chain that does not carry it in an OP_RETURN', () => {
    const eth = { chainId: 1, address: native, decimals: 18 }
    expect(toBtc(memoOf('12345678901234'), eth).details.memo).toBe(memoOf('12345678901234'))
  })

  it("converts THORNode's 1e8 units to the output's base units, the memo's limit as the minimum", () => {
    const quote = toThorchainQuote({
      request,
      quote: thornode,
      fromAsset: 'BTC.BTC',
      toAsset: 'ETH.ETH',
      amount: 10_000_000n,
      nativeDecimals: 8,
      origin: undefined,
    })
    const outAsset = { chainId: 1, address: native, decimals: 18 }
    expect(quote).toEqual({
      providerId: 'thorchain',
      request,
      amountOut: 24_000_000_000_000_000n,
      amountOutMin: 23_760_000_000_000_000n,
      fees: [
        { kind: 'liquidity', asset: outAsset, amount: 10_000_000_000_000n },
        { kind: 'gas', asset: outAsset, amount: 20_000_000_000_000n },
        { kind: 'integrator', asset: outAsset, amount: 0n },
      ],
      estimatedDurationSec: 1_200,
      route: { via: 'RUNE', sourceSwap: false, destinationSwap: false },
      expiresAt: 1_700_000_600,
      nativeFee: 0n,
      details: { ...thornode, fromAsset: 'BTC.BTC', toAsset: 'ETH.ETH' },
    })
  })

  it('an origin swap puts the entry, its path and the native amounts in the details', () => {
    const quote = toThorchainQuote({
      request: { ...request, from: { chainId: 1, address: ENTRY, decimals: 6 }, to: { ...request.from } },
      quote: { ...thornode, memo: '=:BTC.BTC:bc1qreceiver:0', total_swap_seconds: undefined },
      fromAsset: 'ETH.ETH',
      toAsset: 'BTC.BTC',
      amount: 5_000_000n,
      nativeDecimals: 18,
      origin: {
        entry: ENTRY,
        steps: [],
        plan: [],
        nativeOut: 50_000_000_000_000_000n,
        minNativeOut: 49_500_000_000_000_000n,
      },
    })
    expect([quote.amountOut, quote.amountOutMin, quote.estimatedDurationSec, quote.route]).toEqual([
      2_400_000n,
      0n,
      0,
      {
        via: 'RUNE',
        sourceSwap: true,
        destinationSwap: false,
        // the origin swap of the input to the native coin, as the quote's source leg
        sourceLeg: {
          chainId: 1,
          tokenIn: ENTRY,
          tokenOut: '0x0000000000000000000000000000000000000000',
          amountIn: request.amountIn,
          amountOut: 50_000_000_000_000_000n,
          exactOut: false,
          amountOutMin: 49_500_000_000_000_000n,
          plan: [],
        },
      },
    ])
    expect([
      quote.details.entry,
      quote.details.originSteps,
      quote.details.nativeAmount,
      quote.details.minNativeOut,
    ]).toEqual([ENTRY, [], '50000000000000000', '49500000000000000'])
  })

  it("refuses an input under THORNode's recommended minimum (exact passes, one less fails)", () => {
    const at = (amount: bigint, origin?: Parameters<typeof toThorchainQuote>[0]['origin']) =>
      toThorchainQuote({
        request,
        quote: thornode,
        fromAsset: 'BTC.BTC',
        toAsset: 'ETH.ETH',
        amount,
        nativeDecimals: 18,
        origin,
      })
    expect(at(10_000n).amountOut).toBe(24_000_000_000_000_000n)
    let refusal: unknown
    try {
      at(9_999n)
    } catch (error: unknown) {
      refusal = error
    }
    expect(refusal instanceof AppError && [refusal.code, refusal.message, refusal.details]).toEqual([
      'BELOW_MINIMUM',
      'Insufficient amount',
      {
        provider: 'thorchain',
        reason: 'The liquidity network needs at least 10000 (1e8 units) of BTC.BTC',
        minimumAmount: '10000',
      },
    ])
    const origin: Parameters<typeof toThorchainQuote>[0]['origin'] = {
      entry: ENTRY,
      steps: [],
      plan: [],
      nativeOut: 1n,
      minNativeOut: 1n,
    }
    expect(() => at(9_999n, origin)).toThrow(
      expect.objectContaining({
        details: expect.objectContaining({
          minimumAmount: '100000000000000',
          minimumIn: 'native currency after the origin swap',
        }),
      }),
    )
  })

  it('throws when THORNode sent no memo', () => {
    expect(() =>
      toThorchainQuote({
        request,
        quote: { ...thornode, memo: undefined },
        fromAsset: 'BTC.BTC',
        toAsset: 'ETH.ETH',
        amount: 10_000_000n,
        nativeDecimals: 8,
        origin: undefined,
      }),
    ).toThrow('THORNode answered a quote without a memo')
  })
})
