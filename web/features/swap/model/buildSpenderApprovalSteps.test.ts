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

  it('encodes an unlimited allowance as 2^256 - 1, the largest word', () => {
    const [step] = buildSpenderApprovalSteps({
      tokenAddress: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      spender: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
      amount: 2n ** 256n - 1n,
    })
    expect(step?.to).toBe('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
    expect(step?.data).toBe(
      `0x095ea7b30000000000000000000000005c7bcd6e7de5423a257d81b442095a1a6ced35c5${'f'.repeat(64)}`,
    )
  })

  it('refuses an amount that is no uint256: 2^256 and -1', () => {
    const build = (amount: bigint) => () =>
      buildSpenderApprovalSteps({
        tokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
        spender: '0x5c7BCd6E7De5423a257D81B442095A1a6ced35C5',
        amount,
      })
    expect(build(2n ** 256n)).toThrow(RangeError)
    expect(build(-1n)).toThrow(RangeError)
  })
})
