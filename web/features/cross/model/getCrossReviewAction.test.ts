import { describe, expect, it } from 'vitest'
import { getCrossReviewAction } from './getCrossReviewAction'

const ready = {
  sourceEvm: true,
  isConnected: true,
  hasOffer: true,
  sending: false,
  insufficient: false,
  senderKnown: true,
  sourceName: 'Bitcoin',
  fromSymbol: 'USDC',
}

describe('getCrossReviewAction', () => {
  it.each([
    { change: {}, expected: { label: 'Review swap', disabled: false } },
    { change: { hasOffer: false }, expected: { label: 'Review swap', disabled: true } },
    { change: { sending: true }, expected: { label: 'Review swap', disabled: true } },
    { change: { insufficient: true }, expected: { label: 'Insufficient USDC balance', disabled: true } },
    {
      change: { isConnected: false, hasOffer: false, insufficient: true },
      expected: { label: 'Connect wallet to swap', disabled: false },
    },
    {
      change: { sourceEvm: false, isConnected: false },
      expected: { label: 'Review swap', disabled: false },
    },
    {
      change: { sourceEvm: false, senderKnown: false },
      expected: { label: 'Enter your Bitcoin address', disabled: true },
    },
    { change: { senderKnown: false }, expected: { label: 'Review swap', disabled: false } },
  ])('$change -> $expected', ({ change, expected }) => {
    expect(getCrossReviewAction({ ...ready, ...change })).toEqual(expected)
  })
})
