import { describe, expect, it } from 'vitest'
import { getSwapAction } from './getSwapAction'

const ready = {
  hasTokens: true,
  amount: 10n,
  quoteState: 'ready' as const,
  isConnected: true,
  isWrongNetwork: false,
  sellAmount: 10n,
  balance: 10n,
  needsApproval: false,
}

describe('getSwapAction', () => {
  it.each([
    [{ hasTokens: false }, 'select-token'],
    [{ amount: undefined }, 'enter-amount'],
    [{ quoteState: 'loading' as const }, 'loading'],
    [{ quoteState: 'error' as const }, 'no-quote'],
    [{ isConnected: false }, 'connect'],
    [{ isWrongNetwork: true }, 'switch-network'],
    [{ balance: 9n }, 'insufficient-balance'],
    [{ balance: undefined }, 'review'],
    [{ needsApproval: true }, 'approve'],
    [{ isPending: true, needsApproval: true, isWrongNetwork: true }, 'pending'],
    [{ isPending: true, isConnected: false }, 'connect'],
    [{}, 'review'],
  ])('%o -> %s', (change, expected) => {
    expect(getSwapAction({ ...ready, ...change }).kind).toBe(expected)
  })
})
