import { createPublicClient, custom, http, type PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { createChainMarket, getSnapshotMaxAgeMs } from './createChainMarket'

const CHAIN_ID = 1

describe('createChainMarket when its node stops answering', () => {
  let h: DevnetHarness

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
  })
  afterAll(async () => {
    await h?.stop()
  })

  it('keeps quoting from the last snapshot for a few blocks while its reads fail, then answers 503, and comes back with the node', async () => {
    const deployment = h.deployment(CHAIN_ID)
    const node = http(deployment.rpcUrl)({})
    let nodeDown = false
    const client = createPublicClient({
      transport: custom({
        request: (args) =>
          nodeDown ? Promise.reject(new Error('connect ECONNREFUSED')) : node.request(args),
      }),
    }) as PublicClient
    let clockMs = 1_000_000
    const events: string[] = []
    const market = createChainMarket({
      deployment,
      pollIntervalMs: 10,
      client,
      now: () => clockMs,
      onDown: () => events.push('down'),
      onUp: () => events.push('up'),
    })
    const waitFor = async (condition: () => boolean) => {
      for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 10))
      expect(condition()).toBe(true)
    }
    await market.poolSync.start()
    try {
      const snapshot = market.getSnapshot()
      nodeDown = true
      await waitFor(() => events.length === 1)
      await new Promise((r) => setTimeout(r, 200))
      expect(events).toEqual(['down'])

      clockMs += getSnapshotMaxAgeMs(CHAIN_ID)
      expect(market.getSnapshot()).toBe(snapshot)
      clockMs += 1
      let refused: unknown
      try {
        market.getSnapshot()
      } catch (error: unknown) {
        refused = error
      }
      expect(refused).toBeInstanceOf(AppError)
      expect(refused instanceof AppError && [refused.code, refused.status]).toEqual([
        'UPSTREAM_UNAVAILABLE',
        503,
      ])

      nodeDown = false
      await waitFor(() => events.length === 2)
      expect(events).toEqual(['down', 'up'])
      expect(market.getSnapshot().blockNumber).toBe(snapshot.blockNumber)
    } finally {
      market.poolSync.stop()
    }
  })

  it('answers 503 at once when the node misses its 1.5-s liveness read, and quotes again when it answers', async () => {
    const deployment = h.deployment(CHAIN_ID)
    const node = http(deployment.rpcUrl)({})
    let frozen = false
    const client = createPublicClient({
      transport: custom({
        // a frozen node: the request is taken and never answered
        request: (args) => (frozen ? new Promise<never>(() => undefined) : node.request(args)),
      }),
    }) as PublicClient
    const events: string[] = []
    const market = createChainMarket({
      deployment,
      pollIntervalMs: 3_600_000,
      client,
      watchLiveness: true,
      onDown: () => events.push('down'),
      onUp: () => events.push('up'),
    })
    const codeOf = () => {
      try {
        market.getSnapshot()
        return 'fresh'
      } catch (error: unknown) {
        return error instanceof AppError ? `${error.status} ${error.code}` : String(error)
      }
    }
    const waitFor = async (condition: () => boolean) => {
      for (let i = 0; i < 300 && !condition(); i++) await new Promise((r) => setTimeout(r, 10))
      return condition()
    }
    await market.poolSync.start()
    try {
      const snapshot = market.getSnapshot()
      frozen = true
      // 500 ms between reads plus the 1-s deadline, well inside the snapshot's 36-s max age
      expect(await waitFor(() => events.length === 1)).toBe(true)
      expect([events, codeOf()]).toEqual([['down'], '503 UPSTREAM_UNAVAILABLE'])

      frozen = false
      expect(await waitFor(() => events.length === 2)).toBe(true)
      expect([events, codeOf()]).toEqual([['down', 'up'], 'fresh'])
      expect(market.getSnapshot()).toBe(snapshot)
    } finally {
      market.stop()
    }
  })

  it('allows a few blocks of the chain, at least 10 s', () => {
    expect([getSnapshotMaxAgeMs(1), getSnapshotMaxAgeMs(42161), getSnapshotMaxAgeMs(999)]).toEqual([
      36_000, 10_000, 10_000,
    ])
  })
})
