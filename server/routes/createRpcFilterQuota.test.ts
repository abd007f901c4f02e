import { describe, expect, it } from 'vitest'
import { createRpcFilterQuota } from './createRpcFilterQuota'

describe('createRpcFilterQuota', () => {
  it('holds at most maxFilters per client, counting reservations, and frees one unpolled for idleMs', () => {
    const clock = { ms: 1_000 }
    const quota = createRpcFilterQuota({ maxFilters: 2, idleMs: 300_000, now: () => clock.ms })
    expect([quota.tryReserve('a'), quota.tryReserve('a'), quota.tryReserve('a')]).toEqual([true, true, false])
    quota.settle('a', '0x1')
    quota.settle('a', undefined) // the node refused that one: its room is free again
    expect([quota.tryReserve('a'), quota.tryReserve('b')]).toEqual([true, true])
    quota.settle('a', '0x2')
    clock.ms += 299_999
    quota.touch('a', '0x2')
    clock.ms += 1
    // 0x1 went unpolled for 300,000 ms; 0x2 was polled a moment ago
    expect([quota.tryReserve('a'), quota.tryReserve('a')]).toEqual([true, false])
    quota.release('a', '0x2')
    expect(quota.tryReserve('a')).toBe(true)
  })
})
