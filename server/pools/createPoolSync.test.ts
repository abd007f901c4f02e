import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Hex, type PublicClient, parseEther, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { createPoolSnapshotFiles } from './createPoolSnapshotFiles'
import { createPoolSync } from './createPoolSync'
import type { PoolLoadProgress } from './poolLoadProgress'
import type { PoolSnapshot } from './poolSnapshot'

const CHAIN_ID = 1

describe('createPoolSync on the devnet', () => {
  let h: DevnetHarness

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
  })
  afterAll(async () => {
    await h?.stop()
  })

  const loadFresh = async (): Promise<PoolSnapshot> => {
    const market = h.markets.get(CHAIN_ID)
    const sync = createPoolSync(market.client, { deployment: market.deployment, pollIntervalMs: 3_600_000 })
    await sync.start()
    sync.stop()
    return sync.getSnapshot()
  }

  const swapTx = async (ether: string) => {
    const query = new URLSearchParams({
      fromTokenAddress: zeroAddress,
      toTokenAddress: h.token(CHAIN_ID, 'USDC').address,
      amount: parseEther(ether).toString(),
      sender: h.account(0).address,
    })
    const res = await h.request(`/trade/v1/${CHAIN_ID}/quote/single?${query}`)
    const [best] = (await res.json()) as { data: Hex; nativeValue: string }[]
    if (!best) throw new Error('no quote')
    return { to: h.deployment(CHAIN_ID).aggregator, data: best.data, value: BigInt(best.nativeValue) }
  }

  it('replays swaps block by block to the same state a full load reads', async () => {
    const restore = await h.snapshot([CHAIN_ID])
    try {
      const wallet = h.walletClient(CHAIN_ID)
      const before = await h.markets.get(CHAIN_ID).poolSync.refresh()
      const receipt = await h.sendAndWait(wallet, await swapTx('25'))
      await h.waitForBlock(CHAIN_ID, receipt.blockNumber)
      const replayed = h.markets.get(CHAIN_ID).getSnapshot()
      expect(replayed.blockNumber).toBe(receipt.blockNumber)
      expect(replayed.pools).not.toEqual(before.pools)
      expect(replayed).toEqual(await loadFresh())
    } finally {
      await restore()
    }
  })

  it('reads concentrated pools around their price first and the rest a batch after each refresh, at its block, to what a full load reads', async () => {
    const restore = await h.snapshot([CHAIN_ID])
    const market = h.markets.get(CHAIN_ID)
    const dir = await mkdtemp(path.join(tmpdir(), 'kept-partial-'))
    const kept = createPoolSnapshotFiles({ dir, deployment: market.deployment })
    const sync = createPoolSync(market.client, {
      deployment: market.deployment,
      pollIntervalMs: 3_600_000,
      kept,
      completion: { readsAtLoad: 0, readsPerRefresh: 4_000 },
    })
    try {
      await sync.start()
      const first = sync.getSnapshot()
      const partial = first.pools.filter((p) => 'tickWords' in p && p.tickWords !== undefined)
      expect(partial.length).toBeGreaterThan(0)
      const progress = sync.getLoadProgress()
      const left = progress.status === 'ready' ? (progress.readsLeft ?? 0) : 0
      // the small market's concentrated pools use some 12,600 bitmap words; a load reads 5 a pool
      expect(left).toBeGreaterThan(4_000)
      // a swap in between: its block is replayed onto the pools read in part
      const receipt = await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('25'))
      await sync.waitForBlock(receipt.blockNumber)
      const lefts: number[] = []
      for (;;) {
        const now = sync.getLoadProgress()
        const count = now.status === 'ready' ? (now.readsLeft ?? 0) : -1
        lefts.push(count)
        if (count === 0) break
        await sync.refresh()
      }
      // each completion reads 4,000 words (the last one what is left)
      expect(lefts.slice(1, -1).every((n, i) => (lefts[i] ?? 0) - n === 4_000)).toBe(true)
      expect(sync.getLoadProgress()).toEqual({ status: 'ready' })
      const completed = sync.getSnapshot()
      expect(completed.blockNumber).toBe(receipt.blockNumber)
      expect(completed.pools.some((p) => 'tickWords' in p && p.tickWords !== undefined)).toBe(false)
      expect(completed).toEqual(await loadFresh())
      // the snapshot read in full is kept (after the first load's, read in part)
      await sync.refresh()
      const [newest] = await kept.list()
      expect(newest?.blockNumber).toBe(completed.blockNumber)
      expect(
        await newest?.read(new Set(market.deployment.tokens.map((t) => t.address.toLowerCase()))),
      ).toEqual(completed)
    } finally {
      sync.stop()
      await restore()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('reports a first load as it goes: starting, blocks of creation logs scanned, pools read an exchange at a time, then ready', async () => {
    const market = h.markets.get(CHAIN_ID)
    const progress: PoolLoadProgress[] = []
    const sync = createPoolSync(market.client, {
      deployment: market.deployment,
      pollIntervalMs: 3_600_000,
      onLoadProgress: (p) => progress.push(p),
    })
    expect(sync.getLoadProgress()).toEqual({ status: 'loading', phase: 'starting' })
    await sync.start()
    sync.stop()
    const { blockNumber, pools } = sync.getSnapshot()
    expect(sync.getLoadProgress()).toEqual({ status: 'ready' })
    const startBlock = BigInt(market.deployment.startBlock)
    const blocksToScan = Number(blockNumber - startBlock + 1n)
    // the bounded reader's spans of at most 2,000 blocks, each reported as it is answered
    const scanned: PoolLoadProgress[] = []
    for (let from = startBlock; from <= blockNumber; from += 2_000n) {
      const to = from + 1_999n < blockNumber ? from + 1_999n : blockNumber
      scanned.push({
        status: 'loading',
        phase: 'discovering',
        blocksScanned: Number(to - startBlock + 1n),
        blocksToScan,
      })
    }
    // each exchange's pools are counted once all its states are read, in whatever order the exchanges finish
    const exchangesWithPools = new Set(pools.map((p) => p.exchangeId)).size
    const reading = progress.filter((p) => p.status === 'loading' && p.phase === 'reading')
    expect(progress).toEqual([
      { status: 'loading', phase: 'starting' },
      { status: 'loading', phase: 'discovering', blocksScanned: 0, blocksToScan },
      ...scanned,
      ...reading,
      { status: 'ready' },
    ])
    expect(reading[0]).toEqual({
      status: 'loading',
      phase: 'reading',
      poolsRead: 0,
      poolsToRead: pools.length,
    })
    expect(reading.at(-1)).toEqual({
      status: 'loading',
      phase: 'reading',
      poolsRead: pools.length,
      poolsToRead: pools.length,
    })
    expect(reading).toHaveLength(1 + exchangesWithPools)
    const counts = reading.map((p) => (p.status === 'loading' && p.phase === 'reading' ? p.poolsRead : -1))
    expect(counts).toEqual([...counts].sort((a, b) => a - b))
  })

  it('reads block logs by topic alone and drops those of contracts it does not follow: one exchange followed replays to its full load', async () => {
    const restore = await h.snapshot([CHAIN_ID])
    const market = h.markets.get(CHAIN_ID)
    const [followed] = market.deployment.exchanges
    if (!followed) throw new Error('no exchange')
    const deployment = { ...market.deployment, exchanges: [followed] }
    // each raw eth_getLogs filter the sync sends (the pool logs' query; factories' go through getContractEvents)
    const filters: { address?: unknown; topics?: unknown }[] = []
    const client = new Proxy(market.client, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver)
        if (key !== 'request') return value
        return (args: { method: string; params?: unknown[] }, options?: unknown) => {
          if (args.method === 'eth_getLogs') filters.push(args.params?.[0] as (typeof filters)[number])
          return value(args, options)
        }
      },
    })
    const sync = createPoolSync(client, { deployment, pollIntervalMs: 3_600_000 })
    try {
      await sync.start()
      const before = sync.getSnapshot()
      expect(new Set(before.pools.map((p) => p.kind))).toEqual(new Set([followed.kind]))
      filters.length = 0
      const receipt = await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('25'))
      const replayed = await sync.waitForBlock(receipt.blockNumber)
      // the pool logs' query names no address, only the state events' topics
      expect(filters.length).toBeGreaterThan(0)
      expect(filters.every((f) => f.address === undefined && Array.isArray(f.topics))).toBe(true)
      expect(replayed.pools).not.toEqual(before.pools)
      const fresh = createPoolSync(market.client, { deployment, pollIntervalMs: 3_600_000 })
      await fresh.start()
      fresh.stop()
      expect(replayed).toEqual(fresh.getSnapshot())
    } finally {
      sync.stop()
      await restore()
    }
  })

  it('after a one-block reorg rolls back to the block before it and replays the new block alone, to the state a full load reads', async () => {
    const chain = h.deployerClient(CHAIN_ID)
    const market = h.markets.get(CHAIN_ID)
    const wallet = h.walletClient(CHAIN_ID)
    const small = await swapTx('1')
    const large = await swapTx('40')
    // the first block of every log query the sync makes (one a block range: factory and pool logs together)
    const queriedFrom: bigint[] = []
    const client = new Proxy(market.client, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver)
        if (key !== 'request') return value
        return (args: { method: string; params?: [{ fromBlock: string }] }, options?: unknown) => {
          if (args.method === 'eth_getLogs' && args.params) queriedFrom.push(BigInt(args.params[0].fromBlock))
          return value(args, options)
        }
      },
    })
    const rollbacks: { from: bigint; to: bigint | undefined }[] = []
    const sync = createPoolSync(client, {
      deployment: market.deployment,
      pollIntervalMs: 3_600_000,
      onRollback: (rollback) => rollbacks.push(rollback),
    })
    const id = await chain.snapshot()
    try {
      await sync.start()
      const start = sync.getSnapshot()
      const first = await h.sendAndWait(wallet, small)
      const afterSmall = await sync.refresh()
      expect(afterSmall.blockNumber).toBe(start.blockNumber + 1n)
      await chain.revert({ id })
      const second = await h.sendAndWait(wallet, large)
      expect(second.blockNumber).toBe(first.blockNumber)
      expect(second.blockHash).not.toBe(first.blockHash)
      queriedFrom.length = 0
      const afterLarge = await sync.refresh()
      expect(rollbacks).toEqual([{ from: first.blockNumber, to: start.blockNumber }])
      // only the new block's logs were read: no query from an earlier block (a full load reads from the factories' start)
      expect(queriedFrom).toEqual([second.blockNumber])
      expect(afterLarge.blockHash).toBe(second.blockHash)
      expect(afterLarge.pools).not.toEqual(afterSmall.pools)
      expect(afterLarge).toEqual(await loadFresh())
    } finally {
      sync.stop()
      await chain.revert({ id })
      await market.poolSync.refresh()
    }
  })

  it('when the head drops below the snapshot, goes back to the kept snapshot of that block', async () => {
    const chain = h.deployerClient(CHAIN_ID)
    const sync = h.markets.get(CHAIN_ID).poolSync
    const start = await sync.refresh()
    const id = await chain.snapshot()
    await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('2'))
    await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('3'))
    expect((await sync.refresh()).blockNumber).toBe(start.blockNumber + 2n)
    await chain.revert({ id })
    expect(await sync.refresh()).toBe(start)
  })

  it('answers a quote with the announced head once read, and with the newest snapshot when the node hangs', async () => {
    const market = h.markets.get(CHAIN_ID)
    let hang = false
    const client = new Proxy(market.client, {
      get(target, key, receiver) {
        if (key === 'getBlock' && hang) return () => new Promise(() => undefined)
        return Reflect.get(target, key, receiver)
      },
    })
    const sync = createPoolSync(client, { deployment: market.deployment, pollIntervalMs: 3_600_000 })
    await sync.start()
    try {
      const first = sync.getSnapshot()
      const receipt = await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('1'))
      sync.announceHead(receipt.blockNumber)
      expect((await sync.getFreshSnapshot(10_000)).blockNumber).toBe(receipt.blockNumber)
      hang = true
      const seen = sync.getSnapshot()
      expect(seen).not.toBe(first)
      sync.announceHead(receipt.blockNumber + 1n)
      expect(await sync.getFreshSnapshot(100)).toBe(seen)
    } finally {
      sync.stop()
    }
  })

  /** `client` counting the requests the sync sends: `eth_call`s (pool reads) and each log query's first block. */
  const countingClient = (client: PublicClient) => {
    const seen = { calls: 0, logsFrom: [] as bigint[] }
    const counted = new Proxy(client, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver)
        if (key !== 'request') return value
        return (args: { method: string; params?: [{ fromBlock?: string }] }, options?: unknown) => {
          if (args.method === 'eth_call') seen.calls += 1
          if (args.method === 'eth_getLogs' && args.params?.[0].fromBlock !== undefined)
            seen.logsFrom.push(BigInt(args.params[0].fromBlock))
          return value(args, options)
        }
      },
    })
    return { client: counted, seen }
  }

  it('starts from a kept snapshot still on the chain and replays the blocks since; a kept block that left the chain is read again whole', async () => {
    const market = h.markets.get(CHAIN_ID)
    const chain = h.deployerClient(CHAIN_ID)
    const dir = await mkdtemp(path.join(tmpdir(), 'kept-pools-'))
    const kept = createPoolSnapshotFiles({ dir, deployment: market.deployment })
    const id = await chain.snapshot()
    // a running sync reads everything again past this many blocks (2,000 by default: mining that many costs a
    // devnet chain some 40 s)
    const maxReplayBlocks = 40n
    const startWith = async () => {
      const { client, seen } = countingClient(market.client)
      const progress: PoolLoadProgress[] = []
      const sync = createPoolSync(client, {
        deployment: market.deployment,
        pollIntervalMs: 3_600_000,
        kept,
        maxReplayBlocks,
        onLoadProgress: (p) => progress.push(p),
      })
      await sync.start()
      sync.stop()
      return { snapshot: sync.getSnapshot(), seen, progress }
    }
    try {
      // the first start reads everything up to 8 blocks below the head (the deepest the node holds the state of: a
      // chain reverted in an earlier test holds less), keeps that, and replays the blocks to the head
      await chain.mine({ blocks: 9 })
      const first = await startWith()
      expect(first.seen.logsFrom[0]).toBe(BigInt(market.deployment.startBlock))
      const [firstKept, ...none] = await kept.list()
      if (firstKept === undefined) throw new Error('nothing kept')
      expect(none).toEqual([])
      expect(first.snapshot.blockNumber - firstKept.blockNumber).toBeGreaterThanOrEqual(0n)
      expect(first.snapshot.blockNumber - firstKept.blockNumber).toBeLessThanOrEqual(8n)
      expect(first.snapshot).toEqual(await loadFresh())

      const receipt = await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('25'))
      const second = await startWith()
      // one log query, of the blocks since the kept one; no pool read again
      expect(second.seen.logsFrom).toEqual([firstKept.blockNumber + 1n])
      expect(second.seen.calls).toBeLessThan(first.seen.calls / 10)
      expect(second.snapshot.blockNumber).toBe(receipt.blockNumber)
      expect(second.snapshot).toEqual(await loadFresh())
      // reported as a replay of those blocks, in one span: no discovery, no pool read
      const blocksToReplay = Number(receipt.blockNumber - firstKept.blockNumber)
      expect(second.progress).toEqual([
        { status: 'loading', phase: 'starting' },
        { status: 'loading', phase: 'replaying', blocksReplayed: 0, blocksToReplay },
        { status: 'loading', phase: 'replaying', blocksReplayed: blocksToReplay, blocksToReplay },
        { status: 'ready' },
      ])
      expect(await kept.list()).toHaveLength(1)

      // more than `maxReplayBlocks` later (a running sync reads everything again past that): still replayed
      await chain.mine({ blocks: Number(maxReplayBlocks) + 10 })
      const later = await startWith()
      expect(later.seen.logsFrom[0]).toBe(firstKept.blockNumber + 1n)
      expect(later.seen.logsFrom).not.toContain(BigInt(market.deployment.startBlock))
      expect(later.snapshot).toEqual(await loadFresh())

      // the kept block replaced by another at its height: not used, the chain read whole (and kept again)
      await chain.revert({ id })
      await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('1'))
      await h.sendAndWait(h.walletClient(CHAIN_ID), await swapTx('2'))
      const third = await startWith()
      expect(third.seen.logsFrom[0]).toBe(BigInt(market.deployment.startBlock))
      expect(third.snapshot).toEqual(await loadFresh())
      const keptNow = await kept.list()
      expect(keptNow).toHaveLength(2)
      const thirdKept = keptNow.find((k) => k.blockHash !== firstKept.blockHash)
      expect(thirdKept !== undefined && thirdKept.blockNumber < third.snapshot.blockNumber).toBe(true)
    } finally {
      await chain.revert({ id })
      await market.poolSync.refresh()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
