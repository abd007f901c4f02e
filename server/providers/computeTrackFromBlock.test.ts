import { describe, expect, it } from 'vitest'
import { computeTrackFromBlock } from './computeTrackFromBlock'

describe('computeTrackFromBlock', () => {
  it.each([
    // Ethereum, 12 s blocks: one day is 7,200 blocks
    { earliestBlock: 100n, headBlock: 1_000_000n, blockTimeMs: 12_000, expected: 992_800n },
    { earliestBlock: 992_801n, headBlock: 1_000_000n, blockTimeMs: 12_000, expected: 992_801n },
    { earliestBlock: 992_800n, headBlock: 1_000_000n, blockTimeMs: 12_000, expected: 992_800n },
    // Arbitrum, 250 ms blocks: 345,600 blocks
    { earliestBlock: 0n, headBlock: 400_000n, blockTimeMs: 250, expected: 54_400n },
    // a young devnet: the deployment's start
    { earliestBlock: 20n, headBlock: 500n, blockTimeMs: 1_000, expected: 20n },
  ])('from $earliestBlock, head $headBlock, $blockTimeMs ms blocks: $expected', (row) => {
    expect(computeTrackFromBlock(row)).toBe(row.expected)
  })
})
