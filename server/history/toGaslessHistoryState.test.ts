import { describe, expect, it } from 'vitest'
import { toGaslessHistoryState } from './toGaslessHistoryState'

const deadline = 1_900_000_000
const atDeadline = new Date(deadline * 1000)
const justBefore = new Date(deadline * 1000 - 1)
const tx = `0x${'cd'.repeat(32)}`

describe('toGaslessHistoryState', () => {
  it.each([
    ['pending', null, null, 'submitted'],
    ['processing', null, null, 'submitted'],
    ['processing', tx, null, 'inFlight'],
    ['completed', tx, null, 'delivered'],
    ['cancelled', null, null, 'expired'],
    // never sent and failed once its deadline had passed: it expired (the boundary: the deadline itself)
    ['failed', null, atDeadline, 'expired'],
    ['failed', null, justBefore, 'failed'],
    // its transaction reverted: failed, whenever
    ['failed', tx, atDeadline, 'failed'],
  ] as const)('%s with tx %s failed at %s reads %s', (status, txHash, failedAt, expected) => {
    expect(toGaslessHistoryState({ status, txHash, failedAt, deadline })).toBe(expected)
  })
})
