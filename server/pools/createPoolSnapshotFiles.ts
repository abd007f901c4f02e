import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { deserialize, serialize } from 'node:v8'
import type { Hash } from 'viem'
import type { ChainDeployment } from '../chains/deployment'
import { poolKindIds } from '../poolKinds/poolKinds'
import type { PoolSnapshot } from './poolSnapshot'

/**
 * The shape of the kept pool states. A change to any pool kind's state (a field added, renamed or re-typed) must
 * bump it: a file of another format is ignored and the chain read again.
 */
export const POOL_SNAPSHOT_FORMAT = 1

/** One kept snapshot, named by its block; read only once its block is known to be on the chain. */
export interface KeptPoolSnapshot {
  blockNumber: bigint
  blockHash: Hash
  /**
   * The snapshot, or undefined when the file is unreadable or was kept for other inputs: other deployment inputs,
   * or other `tokens` followed (imported tokens are followed beside the listed ones).
   */
  read(tokens: Iterable<string>): Promise<PoolSnapshot | undefined>
}

/** A chain's pool snapshots kept on disk across restarts (see `createPoolSync`'s `kept`). */
export interface PoolSnapshotFiles {
  /** The kept snapshots, newest block first. */
  list(): Promise<KeptPoolSnapshot[]>
  /**
   * Keeps `snapshot`, whose pools are those between `tokens` (written whole, then renamed into place), and the
   * newest `keep` - 1 others, dropping the rest.
   */
  save(snapshot: PoolSnapshot, tokens: Iterable<string>): Promise<void>
}

const FILE_PATTERN = /^chain-(\d+)-(\d+)-(0x[0-9a-f]{64})\.bin$/

/**
 * Pool snapshots of `deployment`'s chain kept in `dir` as V8 structured-clone files (the format snapshots cross to
 * routing workers in), each named by chain, block and block hash, with a fingerprint of what the pools were
 * discovered from (factories, followed tokens, start block, pool kinds, `POOL_SNAPSHOT_FORMAT`): a file kept for other
 * inputs reads as undefined. At most `keep` (2) files a chain: the one saved last and the newest other.
 */
export function createPoolSnapshotFiles(params: {
  dir: string
  deployment: ChainDeployment
  keep?: number
}): PoolSnapshotFiles {
  const { dir, deployment } = params
  const keep = params.keep ?? 2
  const fileOf = (blockNumber: bigint, blockHash: Hash) =>
    path.join(dir, `chain-${deployment.chainId}-${blockNumber}-${blockHash.toLowerCase()}.bin`)

  async function list(): Promise<KeptPoolSnapshot[]> {
    const names = await readdir(dir).catch(() => [] as string[])
    const kept: KeptPoolSnapshot[] = []
    for (const name of names) {
      const match = FILE_PATTERN.exec(name)
      if (match === null || Number(match[1]) !== deployment.chainId) continue
      const blockNumber = BigInt(match[2] as string)
      const blockHash = match[3] as Hash
      const file = path.join(dir, name)
      kept.push({
        blockNumber,
        blockHash,
        read: (tokens) => readKept(file, fingerprintOf(deployment, tokens)),
      })
    }
    return kept.sort((a, b) => (a.blockNumber > b.blockNumber ? -1 : a.blockNumber < b.blockNumber ? 1 : 0))
  }

  return {
    list,
    async save(snapshot, tokens) {
      await mkdir(dir, { recursive: true })
      const file = fileOf(snapshot.blockNumber, snapshot.blockHash)
      const temporary = `${file}.${process.pid}.tmp`
      const { chainId, blockNumber, blockHash, pools } = snapshot
      const fingerprint = fingerprintOf(deployment, tokens)
      await writeFile(
        temporary,
        serialize({ fingerprint, snapshot: { chainId, blockNumber, blockHash, pools } }),
      )
      await rename(temporary, file)
      // the one just kept stays, whatever its block: older blocks than another file's are kept on purpose (a
      // block deeper below the head, or one that a fork replaced above it)
      const others = (await list()).filter((k) => fileOf(k.blockNumber, k.blockHash) !== file)
      await Promise.all(
        others.slice(keep - 1).map((k) => rm(fileOf(k.blockNumber, k.blockHash), { force: true })),
      )
    },
  }
}

async function readKept(file: string, fingerprint: string): Promise<PoolSnapshot | undefined> {
  try {
    const kept = deserialize(await readFile(file)) as { fingerprint?: unknown; snapshot?: PoolSnapshot }
    if (kept.fingerprint !== fingerprint || kept.snapshot === undefined) return undefined
    const { snapshot } = kept
    return Object.freeze({ ...snapshot, pools: Object.freeze(snapshot.pools) })
  } catch {
    // a torn or foreign file: the chain is read again
    return undefined
  }
}

/** What a chain's pools were discovered from, hashed: a snapshot kept for other inputs is not reused. */
function fingerprintOf(deployment: ChainDeployment, tokens: Iterable<string>): string {
  const inputs = {
    format: POOL_SNAPSHOT_FORMAT,
    kinds: poolKindIds,
    chainId: deployment.chainId,
    startBlock: deployment.startBlock,
    wrappedNative: deployment.wrappedNative.toLowerCase(),
    multicall3: deployment.multicall3.toLowerCase(),
    exchanges: deployment.exchanges,
    tokens: [...new Set([...tokens].map((t) => t.toLowerCase()))].sort(),
  }
  const text = JSON.stringify(inputs, (_key, value: unknown) =>
    typeof value === 'bigint' ? value.toString() : value,
  )
  return createHash('sha256').update(text).digest('hex')
}
