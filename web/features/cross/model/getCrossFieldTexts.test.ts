import { describe, expect, it } from 'vitest'
import { getCrossFieldTexts } from './getCrossFieldTexts'

const offer = { tradeParams: { amount: '1002503761' }, dstTrade: { toTokenAmount: '997500000123456789' } }

describe('getCrossFieldTexts', () => {
  it('exact input: the typed amount to pay, the offer output received (six fraction digits)', () => {
    expect(
      getCrossFieldTexts({ side: 'in', typed: '1002.5', offer, fromDecimals: 6, toDecimals: 18 }),
    ).toEqual({
      pay: '1002.5',
      receive: '0.9975',
    })
  })

  it('exact output: the typed amount received, the input the offer needs to the last base unit', () => {
    expect(
      getCrossFieldTexts({ side: 'out', typed: '1000', offer, fromDecimals: 6, toDecimals: 18 }),
    ).toEqual({
      pay: '1002.503761',
      receive: '1000',
    })
  })

  it('the other field is empty while there is no offer', () => {
    expect(
      getCrossFieldTexts({ side: 'out', typed: '7', offer: undefined, fromDecimals: 6, toDecimals: 6 }),
    ).toEqual({ pay: '', receive: '7' })
    expect(
      getCrossFieldTexts({ side: 'in', typed: '7', offer: undefined, fromDecimals: 6, toDecimals: 6 }),
    ).toEqual({ pay: '7', receive: '' })
  })
})
