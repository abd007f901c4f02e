import { describe, expect, it } from 'vitest'
import { describeCrossRefund } from './describeCrossRefund'

const usdc = { symbol: 'USDC', decimals: 6 }
const refunded = { status: 'FAILED', refunded: true, amountReceived: '1700250000', dstTxHash: null }

describe('describeCrossRefund', () => {
  it('the input returned on the source chain, in its token', () => {
    expect(describeCrossRefund(refunded, usdc, 'en-US')).toEqual({
      amount: '1700250000',
      text: '1,700.25 USDC',
      txHash: undefined,
    })
  })

  it('names the refund transaction when the answer carries it', () => {
    expect(
      describeCrossRefund({ ...refunded, dstTxHash: `0x${'ab'.repeat(32)}` }, usdc, 'en-US')?.txHash,
    ).toBe(`0x${'ab'.repeat(32)}`)
  })

  it('nothing for a trade not refunded, a failure without the detail, or an unknown amount', () => {
    expect(describeCrossRefund(undefined, usdc)).toBeUndefined()
    expect(describeCrossRefund({ ...refunded, status: 'INFLIGHT', refunded: false }, usdc)).toBeUndefined()
    expect(describeCrossRefund({ ...refunded, refunded: false }, usdc)).toBeUndefined()
    expect(describeCrossRefund({ ...refunded, refunded: undefined }, usdc)).toBeUndefined()
    expect(describeCrossRefund({ ...refunded, amountReceived: null }, usdc)).toBeUndefined()
  })
})
