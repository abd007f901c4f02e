import { describe, expect, it } from 'vitest'
import { createPassRunner } from './createPassRunner'

describe('createPassRunner', () => {
  it('runs passes one after another, a failed one rejecting only itself', async () => {
    const events: string[] = []
    let active = 0
    const runner = createPassRunner<number, number>({
      pass: async (n = 0) => {
        active += 1
        events.push(`start ${n} (${active} running)`)
        await new Promise((resolve) => setTimeout(resolve, 5))
        active -= 1
        if (n === 2) throw new Error('pass 2 failed')
        return n * 10
      },
      pollIntervalMs: 1_000,
      onError: () => undefined,
    })
    const results = await Promise.allSettled([runner.runOnce(1), runner.runOnce(2), runner.runOnce(3)])
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
      10,
      'Error: pass 2 failed',
      30,
    ])
    expect(events).toEqual(['start 1 (1 running)', 'start 2 (1 running)', 'start 3 (1 running)'])
  })

  it('on its interval reports failed passes and goes on; stop waits for the pass under way', async () => {
    const errors: string[] = []
    let passes = 0
    let finished = 0
    const runner = createPassRunner<undefined, void>({
      pass: async () => {
        passes += 1
        await new Promise((resolve) => setTimeout(resolve, 5))
        finished += 1
        if (passes === 1) throw new Error('first pass failed')
      },
      pollIntervalMs: 1,
      onError: (error) => errors.push(String(error)),
    })
    runner.start()
    while (passes < 3) await new Promise((resolve) => setTimeout(resolve, 1))
    await runner.stop()
    expect(finished).toBe(passes)
    expect(errors).toEqual(['Error: first pass failed'])
    const after = passes
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(passes).toBe(after)
  })
})
