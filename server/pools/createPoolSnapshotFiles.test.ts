import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Hash } from 'viem'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChainDeployment } from '../chains/deployment'
import type { PoolState } from '../routing/types'
import { createPoolSnapshotFiles } from './createPoolSnapshotFiles'
import { createPoolSnapshot, type PoolSnapshot } from './poolSnapshot'

const deployment = {
  chainId: 1,
  startBlock: 0,
  wrappedNative: '0x00000000000000000000000000000000000000aa',
  multicall3: '0x00000000000000000000000000000000000000bb',
  exchanges: [
    { id: 'uniswap-v2', kind: 'uniswap-v2', factory: '0x00000000000000000000000000000000000000cc' },
  ],
  tokens: [{ address: '0x00000000000000000000000000000000000000dd' }],
} as unknown as ChainDeployment

const tokens = ['0x00000000000000000000000000000000000000DD', '0x00000000000000000000000000000000000000aa']

const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hash

/** A snapshot whose pool carries what a V3 pool's state holds: bigints and a map of ticks. */
const snapshotAt = (blockNumber: number): PoolSnapshot =>
  createPoolSnapshot({
    chainId: 1,
    blockNumber: BigInt(blockNumber),
    blockHash: hashOf(blockNumber),
    pools: [
      {
        kind: 'uniswap-v3',
        address: '0x0000000000000000000000000000000000000001',
        reserve: 10n ** 30n + BigInt(blockNumber),
        ticks: new Map([[-887_220, { liquidityNet: -5n }]]),
      } as unknown as PoolState,
    ],
  })

describe('createPoolSnapshotFiles', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pool-snapshots-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('keeps a snapshot whole (bigints, maps) and lists the kept ones newest first, two at most', async () => {
    const files = createPoolSnapshotFiles({ dir, deployment })
    expect(await files.list()).toEqual([])
    for (const block of [410, 475, 430]) await files.save(snapshotAt(block), tokens)
    const kept = await files.list()
    expect(kept.map((k) => [k.blockNumber, k.blockHash])).toEqual([
      [475n, hashOf(475)],
      [430n, hashOf(430)],
    ])
    expect(await kept[0]?.read(tokens)).toEqual(snapshotAt(475))
    // the one saved last stays even below the others (a block deeper than a fork's)
    await files.save(snapshotAt(420), tokens)
    expect((await readdir(dir)).sort()).toEqual([
      `chain-1-420-${hashOf(420)}.bin`,
      `chain-1-475-${hashOf(475)}.bin`,
    ])
  })

  it('reads nothing from a file kept for other inputs (another factory, another token followed) or torn, and lists only its chain', async () => {
    await createPoolSnapshotFiles({ dir, deployment }).save(snapshotAt(410), tokens)
    const [same] = await createPoolSnapshotFiles({ dir, deployment }).list()
    expect(await same?.read([...tokens].reverse())).toEqual(snapshotAt(410))
    expect(await same?.read([...tokens, '0x00000000000000000000000000000000000000ee'])).toBeUndefined()
    const other = { ...deployment, exchanges: [] } as unknown as ChainDeployment
    const [kept] = await createPoolSnapshotFiles({ dir, deployment: other }).list()
    expect(kept?.blockNumber).toBe(410n)
    expect(await kept?.read(tokens)).toBeUndefined()
    await writeFile(path.join(dir, `chain-1-500-${hashOf(500)}.bin`), 'torn')
    const [torn] = await createPoolSnapshotFiles({ dir, deployment }).list()
    expect(torn?.blockNumber).toBe(500n)
    expect(await torn?.read(tokens)).toBeUndefined()
    const chain10 = { ...deployment, chainId: 10 } as ChainDeployment
    expect(await createPoolSnapshotFiles({ dir, deployment: chain10 }).list()).toEqual([])
  })
})
