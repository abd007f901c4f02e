import { describe, expect, it } from 'vitest'
import { getDirectUnwrap } from './getDirectUnwrap'

const weth = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const unwrap = {
  transactionData: { call: [] },
  tokenFrom: { contractAddress: weth.toLowerCase() },
  fromTokenAmount: '500000000000000000',
  toTokenAmount: '500000000000000000',
}

describe('getDirectUnwrap', () => {
  it('a fee-free 1:1 unwrap is WETH.withdraw of the amount', () => {
    expect(getDirectUnwrap(unwrap)).toEqual({ wrapped: weth, amount: 500_000_000_000_000_000n })
  })

  it('not with an integrator fee kept (only the Aggregator takes it), a wrap, a swap or nothing', () => {
    expect(getDirectUnwrap({ ...unwrap, toTokenAmount: '499500000000000000' })).toBeUndefined()
    expect(
      getDirectUnwrap({
        ...unwrap,
        tokenFrom: { contractAddress: '0x0000000000000000000000000000000000000000' },
      }),
    ).toBeUndefined()
    expect(getDirectUnwrap({ ...unwrap, transactionData: { call: [{}] } })).toBeUndefined()
    expect(getDirectUnwrap({ ...unwrap, fromTokenAmount: '0', toTokenAmount: '0' })).toBeUndefined()
  })
})
