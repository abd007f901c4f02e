import { zeroHash } from 'viem'
import { describe, expect, it } from 'vitest'
import { toProviderSentTransfers } from './toProviderSentTransfers'

const send = (guid: `0x${string}`, dstEid: number) => ({
  transactionHash: `0x${'a1'.repeat(32)}` as const,
  blockNumber: 12n,
  blockHash: `0x${'b2'.repeat(32)}` as const,
  args: {
    guid,
    dstEid,
    sender: '0x00000000000000000000000000000000000000aa',
    receiver: '0x00000000000000000000000000000000000000bb',
    tokenIn: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
    tokenOut: '0x0000000000000000000000000000000000000000',
    amountIn: 1_000_000n,
  },
})
const guidA = `0x${'01'.repeat(32)}` as const
const guidB = `0x${'02'.repeat(32)}` as const
const entry = '0x00000000000000000000000000000000000000e1'

describe('toProviderSentTransfers', () => {
  it('joins each send to the attribution of its key, zero without one, and leaves out unknown destinations', () => {
    const transfers = toProviderSentTransfers({
      chainId: 1,
      contract: entry,
      key: 'guid',
      sends: [send(guidA, 30110), send(guidB, 30110), send(guidA, 99999)],
      attributions: [{ args: { guid: guidA, integratorId: `0x${'7e'.repeat(32)}`, feeAmount: 300n } }],
      destinationOf: (s) => (s.args.dstEid === 30110 ? 42161 : undefined),
    })
    const common = {
      originTxHash: `0x${'a1'.repeat(32)}`,
      blockNumber: 12n,
      blockHash: `0x${'b2'.repeat(32)}`,
      sourceChainId: 1,
      destinationChainId: 42161,
      sender: '0x00000000000000000000000000000000000000AA',
      receiver: '0x00000000000000000000000000000000000000bb',
      tokenIn: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      tokenOut: '0x0000000000000000000000000000000000000000',
      amountIn: 1_000_000n,
      contract: entry,
    }
    expect(transfers).toEqual([
      { ...common, integratorId: `0x${'7e'.repeat(32)}`, feeAmount: 300n },
      { ...common, integratorId: zeroHash, feeAmount: 0n },
    ])
  })
})
