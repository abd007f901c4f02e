import { describe, expect, it } from 'vitest'
import type { SingleQuote } from '../types'
import { applySlippage } from './applySlippage'

const token = {
  name: 'T',
  symbol: 'T',
  decimals: 18,
  contractAddress: '0x0000000000000000000000000000000000000000',
  chainId: 1,
  priceInUsd: null,
  buyTax: 0,
  sellTax: 0,
  logo: '',
} as const

function quote(params: { tradeType: 0 | 1; nativeValue: string }): SingleQuote {
  const exactIn = params.tradeType === 0
  return {
    isBest: true,
    exchangeId: 'best',
    fromTokenAmount: '1000000',
    toTokenAmount: '2000000',
    toTokenAmountWithoutFee: '2000000',
    deltaAmount: exactIn ? '1990000' : '1005000',
    fee: '0',
    tokenFrom: token,
    tokenTo: token,
    tradeType: params.tradeType,
    protocol: [],
    transactionData: {
      info: {
        srcToken: token.contractAddress,
        dstToken: token.contractAddress,
        ...(exactIn
          ? { amountIn: '1000000', amountOutMin: '1990000' }
          : { amountOut: '2000000', amountInMax: '1005000' }),
        actualQuote: '2000000',
        deadline: 1,
        slippage: 0.005,
        path: [token.contractAddress, token.contractAddress],
        feeReceiver: token.contractAddress,
        feePercent: 0,
        requestId: 'req-1',
      },
      call: [{ targetExchange: 'Uniswap V2', amount: '1000000', data: '0x' }],
      version: 'v1',
    },
    to: token.contractAddress,
    nativeValue: params.nativeValue,
    gasPrice: '1',
    gasUnits: '1',
    gasCostWei: '1',
    gasCostUsd: null,
    amountInUsd: null,
    amountOutUsd: null,
    slippage: 0.5,
    recommendedSlippage: 1.37,
    slippageWarning: null,
    priceImpact: 0,
    lpFeePercent: 0.3,
    lpFeeAmount: '6000',
    contractVersion: 'v1',
    quoteDeadline: 1,
    blockNumber: '1',
  }
}

describe('applySlippage', () => {
  it.each([
    [0.5, '1990000'],
    [1.37, '1972600'],
    [0.01, '1999800'],
    [0.015, '1999600'],
    [50, '1000000'],
  ])('exact input at %f%% -> minimum %s everywhere', (slippagePercent, min) => {
    const result = applySlippage({ quote: quote({ tradeType: 0, nativeValue: '1000000' }), slippagePercent })
    expect(result.deltaAmount).toBe(min)
    expect(result.transactionData.info.amountOutMin).toBe(min)
    expect(result.transactionData.info.amountIn).toBe('1000000')
    expect(result.nativeValue).toBe('1000000')
    expect(result.slippage).toBe(Math.round(slippagePercent * 100) / 100)
    expect(result.transactionData.info.slippage).toBe(Math.round(slippagePercent * 100) / 10_000)
  })

  it('rounds the minimum down: 1 wei at 0.5% gives 0', () => {
    const base = quote({ tradeType: 0, nativeValue: '0' })
    const result = applySlippage({ quote: { ...base, toTokenAmount: '1' }, slippagePercent: 0.5 })
    expect(result.deltaAmount).toBe('0')
  })

  it.each([
    ['1000000', 1.37, '1013700', '1013700'],
    ['0', 1.37, '1013700', '0'],
    ['1000000', 0.01, '1000100', '1000100'],
  ])(
    'exact output (native value %s) at %f%% -> maximum %s, value %s',
    (nativeValue, slippagePercent, max, value) => {
      const result = applySlippage({ quote: quote({ tradeType: 1, nativeValue }), slippagePercent })
      expect(result.deltaAmount).toBe(max)
      expect(result.transactionData.info.amountInMax).toBe(max)
      expect(result.transactionData.info.amountOut).toBe('2000000')
      expect(result.nativeValue).toBe(value)
    },
  )

  it('rounds the maximum up: 1 wei at 0.5% gives 2', () => {
    const base = quote({ tradeType: 1, nativeValue: '0' })
    const result = applySlippage({ quote: { ...base, fromTokenAmount: '1' }, slippagePercent: 0.5 })
    expect(result.deltaAmount).toBe('2')
  })

  it('leaves the input quote unchanged', () => {
    const input = quote({ tradeType: 0, nativeValue: '0' })
    applySlippage({ quote: input, slippagePercent: 3 })
    expect(input.deltaAmount).toBe('1990000')
    expect(input.transactionData.info.amountOutMin).toBe('1990000')
  })
})
