import { type Address, concat, encodeFunctionData, type Hex, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { aggregatorAbi } from '../../contracts/artifacts'
import { findSwapFeeTerms } from './findSwapFeeTerms'

const aggregator: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const wallet: Address = '0x000000000000000000000000000000000000a11e'
const receiver: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const tokenOut: Address = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const feeRecipient: Address = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const integratorId: Hex = `0x${'a1'.repeat(32)}`
// 30 bps of a gross 1,000,000: fee 3,000, the receiver 997,000
const swap = {
  integratorId,
  receiver,
  tokenIn: zeroAddress,
  tokenOut,
  amountOut: 997_000n,
  feeAmount: 3_000n,
}
const call = (fee: { feeRecipient: Address; feeBps: number }) =>
  encodeFunctionData({
    abi: aggregatorAbi,
    functionName: 'swapExactIn',
    args: [
      {
        tokenIn: zeroAddress,
        tokenOut,
        amountIn: 10n ** 18n,
        amountOut: 1n,
        receiver,
        deadline: 2n ** 40n,
        integratorId,
        ...fee,
      },
      [],
    ],
  })
const paid = [{ token: tokenOut, from: aggregator, to: feeRecipient, value: 3_000n }]
/** A wallet's `execute(target, value, data)` around the call. */
const wrapped = (data: Hex) => concat(['0xb61d27f6', `0x${'00'.repeat(96)}`, data])

describe('findSwapFeeTerms', () => {
  it('reads the fee terms of a direct call from its input', () => {
    expect(
      findSwapFeeTerms({
        aggregator,
        to: aggregator,
        input: call({ feeRecipient, feeBps: 30 }),
        swap,
        transfers: [],
      }),
    ).toEqual({ feeRecipient, feeBps: 30 })
  })

  it('reads an embedded call when the chain shows that fee paid to that recipient', () => {
    const input = wrapped(call({ feeRecipient, feeBps: 30 }))
    expect(findSwapFeeTerms({ aggregator, to: wallet, input, swap, transfers: paid })).toEqual({
      feeRecipient,
      feeBps: 30,
    })
    // no Transfer of the fee to the recipient, or a fee that is not 30 bps of the output
    expect(findSwapFeeTerms({ aggregator, to: wallet, input, swap, transfers: [] })).toBeUndefined()
    expect(
      findSwapFeeTerms({
        aggregator,
        to: wallet,
        input,
        swap: { ...swap, feeAmount: 2_999n },
        transfers: paid,
      }),
    ).toBeUndefined()
  })

  it('refuses embedded calls that disagree, and falls back to no fee only when none was paid', () => {
    const twice = concat([wrapped(call({ feeRecipient, feeBps: 30 })), call({ feeRecipient, feeBps: 0 })])
    expect(findSwapFeeTerms({ aggregator, to: wallet, input: twice, swap, transfers: paid })).toBeUndefined()
    expect(findSwapFeeTerms({ aggregator, to: wallet, input: '0x1234', swap, transfers: [] })).toBeUndefined()
    expect(
      findSwapFeeTerms({
        aggregator,
        to: wallet,
        input: '0x1234',
        swap: { ...swap, feeAmount: 0n },
        transfers: [],
      }),
    ).toEqual({ feeRecipient: zeroAddress, feeBps: 0 })
  })
})
