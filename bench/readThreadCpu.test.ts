import { platform } from 'node:os'
import { describe, expect, it } from 'vitest'
import { parseStatTicks, readThreadCpu } from './readThreadCpu'

describe('readThreadCpu', () => {
  it('adds user and system ticks, counting fields after the command name even when it holds spaces and parentheses', () => {
    const stat = '4242 (node (x) y) R 1 4242 4242 0 -1 4194304 1234 0 0 0 731 58 0 0 20 0 14 0 9876 1 2 3'
    expect(parseStatTicks(stat)).toBe(789)
  })

  it.runIf(platform() === 'linux')('reads this process: its main thread counts the time it computes', () => {
    const before = readThreadCpu(process.pid)
    expect(before?.mainMs).toBeGreaterThan(0)
    let after = readThreadCpu(process.pid)
    const giveUpAt = performance.now() + 5_000
    while (after && before && after.mainMs <= before.mainMs && performance.now() < giveUpAt) {
      for (let i = 0; i < 100_000; i++) Math.sqrt(i)
      after = readThreadCpu(process.pid)
    }
    expect(after?.mainMs).toBeGreaterThan(before?.mainMs ?? Number.POSITIVE_INFINITY)
    expect(after?.otherMs).toBeGreaterThanOrEqual(before?.otherMs ?? Number.POSITIVE_INFINITY)
  })

  it('is undefined for a process that does not exist', () => {
    expect(readThreadCpu(2 ** 30)).toBeUndefined()
  })
})
