import { decodeFunctionData, encodeFunctionData, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { aggregatorAbi } from '../../contracts/artifacts'
import { testAddress } from '../poolKinds/testPools'
import { buildSwapCalldata, type SwapCall, toAggregatorSwapParams } from './buildSwapCalldata'

const hop = { kind: 0, factoryId: 0, tokenIn: testAddress(1), tokenOut: testAddress(2), fee: 30 }
const call: SwapCall = {
  tradeType: 'exactIn',
  tokenIn: testAddress(1),
  tokenOut: testAddress(2),
  amountIn: 1000n,
  amountOut: 900n,
  receiver: testAddress(9),
  deadline: 123n,
  feeRecipient: zeroAddress,
  feeBps: 0,
  integratorId: `0x${'00'.repeat(32)}`,
  legs: [{ amount: 1000n, hops: [hop] }],
}

describe('buildSwapCalldata', () => {
  it('encodes swapExactIn for legs', () => {
    expect(decodeFunctionData({ abi: aggregatorAbi, data: buildSwapCalldata(call) }).functionName).toBe(
      'swapExactIn',
    )
  })

  it('encodes swapExactInRoute with the steps of a split-and-merge flow', () => {
    const decoded = decodeFunctionData({
      abi: aggregatorAbi,
      data: buildSwapCalldata({ ...call, steps: [{ ...hop, share: 10n ** 18n }] }),
    })
    expect(decoded.functionName).toBe('swapExactInRoute')
    expect(decoded.args?.[1]).toEqual([{ ...hop, share: 10n ** 18n }])
  })

  it("is the bytes of viem's encodeFunctionData for each of the three swap functions", () => {
    const params = toAggregatorSwapParams({ ...call, feeBps: 25, feeRecipient: testAddress(7) })
    const legs = [
      { amount: 1000n, hops: [hop, { ...hop, tokenIn: testAddress(2), tokenOut: testAddress(3) }] },
    ]
    const steps = [{ ...hop, share: 5n * 10n ** 17n }]
    const fee = { feeBps: 25, feeRecipient: testAddress(7) }
    const withLegs = { ...call, ...fee, legs }
    expect(buildSwapCalldata(withLegs)).toBe(
      encodeFunctionData({ abi: aggregatorAbi, functionName: 'swapExactIn', args: [params, legs] }),
    )
    expect(buildSwapCalldata({ ...withLegs, tradeType: 'exactOut' })).toBe(
      encodeFunctionData({ abi: aggregatorAbi, functionName: 'swapExactOut', args: [params, legs] }),
    )
    expect(buildSwapCalldata({ ...withLegs, steps })).toBe(
      encodeFunctionData({ abi: aggregatorAbi, functionName: 'swapExactInRoute', args: [params, steps] }),
    )
  })
})
