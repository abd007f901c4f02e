import { describe, expect, it } from 'vitest'
import { buildSpenderApprovalSteps } from './buildSpenderApprovalSteps'

describe('buildSpenderApprovalSteps', () => {
  it('approves the spender for exactly the amount, on the token, with no value', () => {
    expect(
      buildSpenderApprovalSteps({
        tokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        spender: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
        amount: 25_000_000n,
      }),
    ).toEqual([
      {
        kind: 'approve',
        to: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        data:
          '0x095ea7b3' +
          '0000000000000000000000005c7bcd6e7de5423a257d81b442095a1a6ced35c5' +
          '00000000000000000000000000000000000000000000000000000000017d7840',
        value: '0',
        amount: '25000000',
      },
    ])
  })
})
