import type { Hash } from 'viem'
import { createLruMap, type LruMap } from '../routing/createLruMap'

/** Node reads at a block, shared by every caller that asks the same thing of the same block. */
export interface BlockMemo<T> {
  /**
   * What `read` answers for `key` at block `blockHash`: the first caller runs it, later callers of the same block
   * and key get the same promise, in flight or settled (a block's state never changes, so neither does the
   * answer). A read that rejects is forgotten, so the next caller runs it again.
   */
  read(blockHash: Hash, key: string, read: () => Promise<T>): Promise<T>
}

/**
 * Creates an empty `BlockMemo` that keeps the reads of the `maxBlocks` most recently asked blocks, at most
 * `maxPerBlock` keys each (the least recently asked go first): bounded however many senders and routes ask.
 */
export function createBlockMemo<T>(maxPerBlock: number, maxBlocks = 2): BlockMemo<T> {
  const blocks: LruMap<Hash, LruMap<string, Promise<T>>> = createLruMap(maxBlocks)
  return {
    read(blockHash, key, read) {
      let reads = blocks.get(blockHash)
      if (!reads) {
        reads = createLruMap(maxPerBlock)
        blocks.set(blockHash, reads)
      }
      const known = reads.get(key)
      if (known) return known
      const pending = read()
      reads.set(key, pending)
      const block = reads
      pending.catch(() => {
        if (block.get(key) === pending) block.delete(key)
      })
      return pending
    },
  }
}
