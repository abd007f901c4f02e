import { decodeFunctionResult, encodeFunctionData, encodeFunctionResult, type Hex, multicall3Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeAggregate3, encodeAggregate3 } from './aggregate3Codec'

const calls = [
  { target: '0xcA11bde05977b3631167028862bE2a173976CA11', allowFailure: true, callData: '0x' },
  { target: '0x00000000000000000000000000000000000000ab', allowFailure: false, callData: '0x3850c7bd' },
  {
    target: '0xFFfFfFffFFfffFFfFFfFFFFFffFFFffffFfFFFfF',
    allowFailure: true,
    callData: `0x5339c296${'00'.repeat(31)}ff`,
  },
  // 33 bytes: padded to 64
  {
    target: '0x0000000000000000000000000000000000000001',
    allowFailure: true,
    callData: `0x${'ab'.repeat(33)}`,
  },
] as const

describe('aggregate3Codec', () => {
  it('encodes the calldata viem encodes, byte for byte', () => {
    for (const some of [[], calls.slice(0, 1), calls]) {
      expect(encodeAggregate3(some)).toBe(
        encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [some] }),
      )
    }
  })

  it('decodes the results viem decodes: empty, short and padded data, failures', () => {
    const results = [
      { success: true, returnData: '0x' },
      { success: false, returnData: '0x08c379a0' },
      { success: true, returnData: `0x${'12'.repeat(32)}` },
      { success: true, returnData: `0x${'cd'.repeat(100)}` },
    ] as const
    for (const some of [[], results.slice(2, 3), results]) {
      const answer = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: some })
      const viem = decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data: answer })
      expect(decodeAggregate3(answer)).toEqual(viem)
      expect(decodeAggregate3(answer)).toEqual(some)
    }
  })

  it('refuses a cut answer', () => {
    const answer = encodeFunctionResult({
      abi: multicall3Abi,
      functionName: 'aggregate3',
      result: [{ success: true, returnData: `0x${'12'.repeat(64)}` }],
    })
    expect(() => decodeAggregate3(answer.slice(0, -64) as Hex)).toThrow('result 0 is cut')
    expect(() => decodeAggregate3('0x')).toThrow('malformed aggregate3 answer at byte 0')
  })
})
