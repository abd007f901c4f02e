import { readFile, rename, writeFile } from 'node:fs/promises'
import { type Hex, isHex, type PublicClient } from 'viem'

/** The chain's head when a save of its state began: the save holds this block and every one below it. */
export interface SavedHead {
  number: bigint
  hash: Hex
}

/** Where the head covered by the last good save of the chain state file `stateFile` is recorded. */
export const savedHeadPath = (stateFile: string): string => `${stateFile}.head`

/** Records `head` as covered by the save just written (a temp file renamed into place: never half written). */
export async function writeSavedHead(file: string, head: SavedHead): Promise<void> {
  await writeFile(`${file}.tmp`, JSON.stringify({ number: head.number.toString(), hash: head.hash }))
  await rename(`${file}.tmp`, file)
}

/** The head recorded in `file`, or undefined when there is none (no save yet) or it cannot be read. */
export async function readSavedHead(file: string): Promise<SavedHead | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'))
    if (typeof parsed !== 'object' || parsed === null) return undefined
    const { number, hash } = parsed as { number?: unknown; hash?: unknown }
    if (typeof number !== 'string' || !/^\d+$/.test(number) || typeof hash !== 'string' || !isHex(hash))
      return undefined
    return { number: BigInt(number), hash }
  } catch {
    return undefined
  }
}

/** What `finalSavedBlock` reads of the chain: the hash of the block at a height (undefined above the head). */
export type BlockHashAt = (blockNumber: bigint) => Promise<Hex | undefined>

/** `BlockHashAt` of a node: undefined for a block it does not have (or when it cannot be read). */
export const blockHashOf =
  (client: Pick<PublicClient, 'getBlock'>): BlockHashAt =>
  (blockNumber) =>
    client.getBlock({ blockNumber }).then(
      (block) => block.hash ?? undefined,
      () => undefined,
    )

/**
 * The highest block of a devnet chain that a crash can no longer take away: the head recorded by its last good
 * state save (`file`), while the chain still holds that block. undefined when there is no such save, or the chain
 * no longer holds it (it restarted from an older copy): then no block is final until the next save. A devnet
 * chain restarted after a crash loads its last save, so what lies above it is lost, like a reorg; the off-chain
 * roles treat a block as final only at or below this one.
 */
export async function finalSavedBlock(file: string, hashAt: BlockHashAt): Promise<bigint | undefined> {
  const saved = await readSavedHead(file)
  if (saved === undefined) return undefined
  return (await hashAt(saved.number)) === saved.hash ? saved.number : undefined
}

/**
 * The off-chain roles' `finalBlock` (the gasless relayers; the LayerZero relayer and the Across filler, also for
 * sources) for a devnet whose chains keep their state (`Devnet.savedHeadPaths`): per chain, `finalSavedBlock` of
 * its last save. Nothing when no chain is saved (fresh chains: no crash to survive).
 */
export function savedFinality(paths: ReadonlyMap<number, string>): {
  finalBlock?: (chainId: number, client: Pick<PublicClient, 'getBlock'>) => Promise<bigint | undefined>
} {
  if (paths.size === 0) return {}
  return {
    finalBlock: (chainId, client) => {
      const file = paths.get(chainId)
      return file === undefined ? Promise.resolve(undefined) : finalSavedBlock(file, blockHashOf(client))
    },
  }
}
