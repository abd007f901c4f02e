import { describe, expect, it } from 'vitest'
import { isCrossBalanceShort } from './isCrossBalanceShort'

const base = { fromDecimals: 6, balance: 25_000_000n }

describe('isCrossBalanceShort', () => {
  it('exact input: the typed amount against the balance, with no offer needed', () => {
    expect(
      isCrossBalanceShort({ ...base, side: 'in', amountText: '25.000001', offerAmountIn: undefined }),
    ).toBe(true)
    expect(isCrossBalanceShort({ ...base, side: 'in', amountText: '25', offerAmountIn: undefined })).toBe(
      false,
    )
    // a stale offer of an earlier amount does not count
    expect(isCrossBalanceShort({ ...base, side: 'in', amountText: '1', offerAmountIn: '30000000' })).toBe(
      false,
    )
  })

  it("exact output: the chosen offer's input", () => {
    expect(isCrossBalanceShort({ ...base, side: 'out', amountText: '20', offerAmountIn: '25000001' })).toBe(
      true,
    )
    expect(isCrossBalanceShort({ ...base, side: 'out', amountText: '20', offerAmountIn: '25000000' })).toBe(
      false,
    )
    expect(isCrossBalanceShort({ ...base, side: 'out', amountText: '20', offerAmountIn: undefined })).toBe(
      false,
    )
  })

  it('nothing is short while the balance or the amount is unknown', () => {
    expect(
      isCrossBalanceShort({
        ...base,
        balance: undefined,
        side: 'in',
        amountText: '99',
        offerAmountIn: undefined,
      }),
    ).toBe(false)
    expect(isCrossBalanceShort({ ...base, side: 'in', amountText: '', offerAmountIn: undefined })).toBe(false)
  })
})
