import { describe, expect, it } from 'vitest'
import { createPollLoop } from './createPollLoop'

const tick = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('createPollLoop', () => {
  it('runs steps back to back while busy, then pauses for the interval', async () => {
    let steps = 0
    const loop = createPollLoop({
      step: async () => (++steps < 3 ? 'busy' : 'idle'),
      intervalMs: 60_000,
      onError: () => {},
    })
    await tick()
    expect(steps).toBe(3)
    await loop.stop()
  })

  it('wake ends a pause at once', async () => {
    let steps = 0
    const loop = createPollLoop({
      step: async () => {
        steps++
        return 'idle'
      },
      intervalMs: 60_000,
      onError: () => {},
    })
    await tick()
    expect(steps).toBe(1)
    loop.wake()
    await tick()
    expect(steps).toBe(2)
    await loop.stop()
  })

  it('a wake during a step skips the pause after it', async () => {
    let steps = 0
    let release: () => void = () => {}
    const loop = createPollLoop({
      step: async () => {
        steps++
        if (steps === 1) await new Promise<void>((resolve) => (release = resolve))
        return 'idle'
      },
      intervalMs: 60_000,
      onError: () => {},
    })
    await tick()
    loop.wake()
    release()
    await tick()
    expect(steps).toBe(2)
    await tick()
    expect(steps).toBe(2)
    await loop.stop()
  })

  it('reports a failed step and pauses before the next (a wake ends that pause too)', async () => {
    const errors: unknown[] = []
    let steps = 0
    const loop = createPollLoop({
      step: async () => {
        steps++
        throw new Error('node down')
      },
      intervalMs: 1_000,
      onError: (error) => errors.push(error),
    })
    await tick()
    loop.wake()
    await tick()
    expect(steps).toBe(2)
    expect(errors).toHaveLength(2)
    await loop.stop()
  })
})
