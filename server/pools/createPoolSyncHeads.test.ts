import { createPublicClient, custom, numberToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { createPoolSync } from './createPoolSync'

/**
 * A node whose head is `chain.head` and that answers nothing but blocks: a deployment without exchanges needs
 * no other call, so the announce logic runs without a devnet. `chain.blockReads` counts the reads.
 */
function fakeChain(head: bigint) {
  const chain = { head, blockReads: 0, hang: false }
  const hashOf = (n: bigint) => numberToHex(n, { size: 32 })
  const client = createPublicClient({
    transport: custom({
      async request({ method, params }) {
        if (method !== 'eth_getBlockByNumber') throw new Error(`unexpected ${method}`)
        chain.blockReads += 1
        if (chain.hang) return new Promise(() => undefined)
        const [tag] = params as [string]
        const n = tag === 'latest' ? chain.head : BigInt(tag)
        return { number: numberToHex(n), hash: hashOf(n), parentHash: hashOf(n - 1n), transactions: [] }
      },
    }),
  })
  return { chain, client }
}

async function startSync(head: bigint, clock = { ms: 1_000_000 }) {
  const { chain, client } = fakeChain(head)
  const [base] = createFakeDeployments()
  if (base === undefined) throw new Error('no fake deployment')
  const sync = createPoolSync(client, {
    deployment: { ...base, exchanges: [] },
    pollIntervalMs: 3_600_000,
    now: () => clock.ms,
  })
  await sync.start()
  return { chain, sync, clock }
}

describe('announceHead', () => {
  it('waits for a head the node confirms', async () => {
    const { chain, sync } = await startSync(100n)
    try {
      chain.head = 101n
      sync.announceHead(101n)
      expect(sync.getAwaitedHead()).toBe(101n)
      expect((await sync.getFreshSnapshot(60_000)).blockNumber).toBe(101n)
      expect(sync.getAwaitedHead()).toBeUndefined()
    } finally {
      sync.stop()
    }
  })

  it('ignores a head further ahead than 64 blocks (a gas price read as a block number)', async () => {
    const { chain, sync } = await startSync(100n)
    try {
      const reads = chain.blockReads
      sync.announceHead(100n + 65n)
      sync.announceHead(0x3b9aca00n)
      expect(sync.getAwaitedHead()).toBeUndefined()
      expect(chain.blockReads).toBe(reads)
      sync.announceHead(100n + 64n)
      expect(sync.getAwaitedHead()).toBe(164n)
    } finally {
      sync.stop()
    }
  })

  it('drops a head the node does not confirm, so quotes stop waiting for it', async () => {
    const { chain, sync } = await startSync(100n)
    try {
      sync.announceHead(105n)
      // the refresh the announcement starts reads the node's head: 100, below the announced 105
      expect((await sync.getFreshSnapshot(60_000)).blockNumber).toBe(100n)
      expect(sync.getAwaitedHead()).toBeUndefined()
      const reads = chain.blockReads
      expect((await sync.getFreshSnapshot(60_000)).blockNumber).toBe(100n)
      expect(chain.blockReads).toBe(reads)
    } finally {
      sync.stop()
    }
  })

  it('lets an announced head decay after 3 s when the node never settles it', async () => {
    const clock = { ms: 1_000_000 }
    const { chain, sync } = await startSync(100n, clock)
    try {
      chain.hang = true
      sync.announceHead(101n)
      clock.ms += 2_999
      expect(sync.getAwaitedHead()).toBe(101n)
      clock.ms += 1
      expect(sync.getAwaitedHead()).toBeUndefined()
      // answers at once with the snapshot it has, though the node still hangs
      expect((await sync.getFreshSnapshot(60_000)).blockNumber).toBe(100n)
    } finally {
      sync.stop()
    }
  })
})
