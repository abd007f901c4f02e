import { describe, expect, it } from 'vitest'
import { describePoolLoadProgress, type PoolLoadProgress } from './poolLoadProgress'

describe('describePoolLoadProgress', () => {
  it.each<[PoolLoadProgress, string]>([
    [{ status: 'ready' }, 'loaded'],
    [{ status: 'loading', phase: 'starting' }, 'starting'],
    [
      { status: 'loading', phase: 'discovering', blocksScanned: 4_000, blocksToScan: 12_345 },
      'discovering pools: 4000 of 12345 blocks scanned',
    ],
    [
      { status: 'loading', phase: 'reading', poolsRead: 1_200, poolsToRead: 5_000 },
      'reading pools: 1200 of 5000',
    ],
    [
      { status: 'loading', phase: 'replaying', blocksReplayed: 30, blocksToReplay: 90 },
      'replaying blocks to the head: 30 of 90',
    ],
  ])('%j -> %s', (progress, words) => {
    expect(describePoolLoadProgress(progress)).toBe(words)
  })
})
