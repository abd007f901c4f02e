import { concat, decodeFunctionData, encodeAbiParameters, type Hex, numberToHex, pad, size } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildComposeRetry } from './buildComposeRetry'
import { layerZeroEndpointAbi } from './layerZeroEndpointAbi'
import { destinationSwapParameter } from './stargatePoolAbi'

const endpoint = '0x1a44076050125825900e736c501f859c50fE728c'
const pool = '0x00000000000000000000000000000000000000A1'
const composer = '0x00000000000000000000000000000000000000C0'
const guid = `0x${'9a'.repeat(32)}` as const
const step = {
  kind: 1,
  factoryId: 2,
  tokenIn: '0x00000000000000000000000000000000000000d1',
  tokenOut: '0x00000000000000000000000000000000000000d2',
  fee: 500,
  share: 10n ** 18n,
} as const

/** The OFT compose message: nonce (8), srcEid (4), amountLD (32), composeFrom (32), then our DestinationSwap. */
function composeMessage(steps: number): Hex {
  const order = encodeAbiParameters(
    [destinationSwapParameter],
    [
      {
        receiver: '0x00000000000000000000000000000000000c0dea',
        tokenOut: '0x00000000000000000000000000000000000000d2',
        minAmountOut: 123n,
        deadline: 1_800_000_000n,
        steps: Array.from({ length: steps }, () => step),
      },
    ],
  )
  return concat([
    numberToHex(7n, { size: 8 }),
    numberToHex(30101, { size: 4 }),
    numberToHex(1_499_100_000n, { size: 32 }),
    pad('0x00000000000000000000000000000000000000e1'),
    order,
  ])
}

describe('buildComposeRetry', () => {
  it.each([
    // gas: 300,000 + 200,000 a step (the quote's compose budget) + 100,000 + 16 a calldata byte; calldata: the
    // selector, six head words, the message's length and 76 + 320 + 192 a step bytes padded, the empty extraData
    { steps: 0, dataBytes: 580, gas: 409_280n },
    { steps: 1, dataBytes: 772, gas: 612_352n },
    { steps: 2, dataBytes: 964, gas: 815_424n },
  ])(
    'a queued compose of a $steps-step destination swap: lzCompose on the endpoint, $gas gas',
    ({ steps, dataBytes, gas }) => {
      const message = composeMessage(steps)
      const retry = buildComposeRetry({
        chainId: 42161,
        endpoint,
        compose: { from: pool, to: composer, guid, index: 0, message },
      })
      expect(retry).toEqual({ chainId: 42161, to: endpoint, data: retry.data, value: 0n, gas })
      expect(size(retry.data)).toBe(dataBytes)
      expect(decodeFunctionData({ abi: layerZeroEndpointAbi, data: retry.data })).toEqual({
        functionName: 'lzCompose',
        args: [pool, composer, guid, 0, message, '0x'],
      })
    },
  )

  it('throws for a message that holds no DestinationSwap of ours', () => {
    const message = composeMessage(1).slice(0, 2 + 2 * 100) as Hex
    expect(() =>
      buildComposeRetry({
        chainId: 1,
        endpoint,
        compose: { from: pool, to: composer, guid, index: 0, message },
      }),
    ).toThrow()
  })
})
