/**
 * How far a chain's first pool load is (`PoolSync.getLoadProgress`): what the sync can tell without asking the
 * node anything more. `ready` once the first snapshot exists (later refreshes never go back to `loading`), with the
 * node reads left of pools read in part (concentrated pools' ticks away from their price, read a batch a refresh).
 * While loading, the phase of the first refresh:
 * - `starting`: reading the head, and looking for a kept snapshot still on the chain;
 * - `discovering`: the factories' creation logs from the deployment's start block, in spans, up to the head;
 * - `reading`: the found pools' states (counted as each exchange's pools are read);
 * - `replaying`: the logs of the blocks since a kept snapshot (or since the block of a full read, a few deep).
 */
export type PoolLoadProgress =
  | { status: 'ready'; readsLeft?: number }
  | { status: 'loading'; phase: 'starting' }
  | { status: 'loading'; phase: 'discovering'; blocksScanned: number; blocksToScan: number }
  | { status: 'loading'; phase: 'reading'; poolsRead: number; poolsToRead: number }
  | { status: 'loading'; phase: 'replaying'; blocksReplayed: number; blocksToReplay: number }

/** A few words on a load's progress for messages, e.g. `reading pools: 1200 of 5000`. */
export function describePoolLoadProgress(progress: PoolLoadProgress): string {
  if (progress.status === 'ready') return 'loaded'
  switch (progress.phase) {
    case 'starting':
      return 'starting'
    case 'discovering':
      return `discovering pools: ${progress.blocksScanned} of ${progress.blocksToScan} blocks scanned`
    case 'reading':
      return `reading pools: ${progress.poolsRead} of ${progress.poolsToRead}`
    case 'replaying':
      return `replaying blocks to the head: ${progress.blocksReplayed} of ${progress.blocksToReplay}`
  }
}
