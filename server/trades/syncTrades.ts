import {
  type Address,
  getAddress,
  type Hex,
  type PublicClient,
  parseEventLogs,
  zeroAddress,
  zeroHash,
} from 'viem'
import type { ProviderSentTransfer } from '../providers/types'
import { type Company, getCompanyByPublicId } from '../store/companies'
import type { Store } from '../store/createStore'
import {
  type DiscoveredCrossTrade,
  deleteCrossTradesAfterBlock,
  insertDiscoveredCrossTrades,
} from '../store/crossTrades'
import { deleteTradesAfterBlock, getAttributedTags, insertTrades, type NewTrade } from '../store/trades'
import { compareAndSetWatcherCursor, getWatcherCursor, type WatcherCursor } from '../store/watcherCursors'
import { findSwapFeeTerms } from './findSwapFeeTerms'
import { swappedEvent } from './swappedEvent'
import { verifyIntegratorTag } from './verifyIntegratorTag'

export type SyncTradesParams = {
  store: Store
  client: PublicClient
  chainId: number
  /** Our Aggregator contract on this chain. */
  aggregator: Address
  /** First block worth scanning (the aggregator's deployment block). */
  startBlock: number
  /** Key of the attribution tags (`getIntegratorTagSecret`); only tags it verifies attribute a trade. */
  tagSecret: Uint8Array
  /** Blocks to stay behind the head (0 on the devnet). */
  confirmations?: number
  /** Largest block range per `eth_getLogs`. */
  batchBlocks?: number
  /** How far the cursor moves back when the chain no longer has the block it points at. */
  reorgDepth?: number
  /**
   * Cross-chain transfers our origin contracts (the providers' `findSent`) started in a block range; stored
   * with the range's trades, in the same transaction, and rolled back with them on a reorg.
   */
  findCrossSent?: (range: {
    fromBlock: bigint
    toBlock: bigint
  }) => Promise<(ProviderSentTransfer & { providerId: string })[]>
}

export type SyncTradesResult =
  | { kind: 'advanced'; fromBlock: number; toBlock: number; inserted: number }
  | { kind: 'idle'; lastBlock: number }
  | { kind: 'reorg'; fromBlock: number; toBlock: number; deleted: number }
  /** The chain changed while reading, or another watcher moved the cursor: nothing stored, try again. */
  | { kind: 'retry'; reason: string }

const erc20TransferAbi = [
  {
    type: 'event',
    name: 'Transfer',
    inputs: [
      { name: 'from', type: 'address', indexed: true },
      { name: 'to', type: 'address', indexed: true },
      { name: 'value', type: 'uint256', indexed: false },
    ],
  },
] as const

class RetrySync extends Error {
  override name = 'RetrySync' as const
}

/**
 * One step of the trade watcher for one chain. If the block under the cursor is no longer on the
 * chain (reorg), deletes the trades after `cursor - reorgDepth` and moves the cursor back there.
 * Otherwise reads the `Swapped` logs (and, with `findCrossSent`, the cross-chain sends) of the next
 * `batchBlocks` blocks up to head - `confirmations`, their blocks and receipts, and in ONE database
 * transaction stores them (idempotently, unique
 * chain/tx/log index) and advances the cursor with
 * compare-and-set, so a crash at any point repeats work but never loses or duplicates a trade, and two
 * watchers of the same chain never commit the same range. RPC failures reject; call it again.
 * A trade belongs to a company only when its `integratorId` is a tag that `verifyIntegratorTag` accepts
 * for this chain, aggregator, sender, receiver, token pair, fee terms (`findSwapFeeTerms`, from the
 * transaction) and block time under `tagSecret`, and that tag attributed no earlier trade of this chain
 * (a tag counts once: a second use is stored with no company); any other trade is stored with no company.
 */
export async function syncTrades(params: SyncTradesParams): Promise<SyncTradesResult> {
  const { store, client, chainId, aggregator, startBlock, confirmations = 0, batchBlocks = 500 } = params
  const reorgDepth = params.reorgDepth ?? 64
  const stored = await getWatcherCursor(store.db, chainId)
  const cursor: WatcherCursor = stored ?? { chainId, lastBlock: startBlock - 1, lastBlockHash: null }

  if (cursor.lastBlockHash !== null) {
    const onChain = await getBlockHash(client, cursor.lastBlock)
    if (onChain !== cursor.lastBlockHash) {
      const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
      const target = Math.max(startBlock - 1, Math.min(cursor.lastBlock - reorgDepth, head))
      const targetHash = target >= 0 ? await getBlockHash(client, target) : null
      if (target >= 0 && targetHash === null) return { kind: 'retry', reason: `block ${target} vanished` }
      try {
        const deleted = await store.db.transaction(async (tx) => {
          const count = await deleteTradesAfterBlock(tx, { chainId, blockNumber: target })
          await deleteCrossTradesAfterBlock(tx, { chainId, blockNumber: target })
          const moved = await compareAndSetWatcherCursor(
            tx,
            { chainId, lastBlock: target, lastBlockHash: targetHash },
            stored,
          )
          if (!moved) throw new RetrySync('cursor moved by another watcher')
          return count
        })
        return { kind: 'reorg', fromBlock: cursor.lastBlock, toBlock: target, deleted }
      } catch (error: unknown) {
        if (error instanceof RetrySync) return { kind: 'retry', reason: error.message }
        throw error
      }
    }
  }

  const safeHead = Number(await client.getBlockNumber({ cacheTime: 0 })) - confirmations
  if (safeHead <= cursor.lastBlock) return { kind: 'idle', lastBlock: cursor.lastBlock }
  const fromBlock = cursor.lastBlock + 1
  const toBlock = Math.min(safeHead, fromBlock + batchBlocks - 1)

  const logs = await client.getLogs({
    address: aggregator,
    event: swappedEvent,
    fromBlock: BigInt(fromBlock),
    toBlock: BigInt(toBlock),
    strict: true,
  })
  const sent =
    (await params.findCrossSent?.({ fromBlock: BigInt(fromBlock), toBlock: BigInt(toBlock) })) ?? []
  const blockNumbers = new Set<number>([
    fromBlock,
    toBlock,
    ...logs.map((log) => Number(log.blockNumber)),
    ...sent.map((send) => Number(send.blockNumber)),
  ])
  const blocks = new Map<number, { hash: Hex; parentHash: Hex; timestamp: bigint }>()
  await Promise.all(
    [...blockNumbers].map(async (n) => {
      const block = await client.getBlock({ blockNumber: BigInt(n) })
      if (block.hash === null) throw new Error(`block ${n} of chain ${chainId} has no hash`)
      blocks.set(n, { hash: block.hash, parentHash: block.parentHash, timestamp: block.timestamp })
    }),
  )
  const first = blocks.get(fromBlock)
  if (cursor.lastBlockHash !== null && first?.parentHash !== cursor.lastBlockHash) {
    return { kind: 'retry', reason: `block ${fromBlock} does not follow the cursor` }
  }
  for (const log of [...logs, ...sent]) {
    if (blocks.get(Number(log.blockNumber))?.hash !== log.blockHash) {
      return { kind: 'retry', reason: `block ${log.blockNumber} changed while reading logs` }
    }
  }

  const receipts = new Map<Hex, Awaited<ReturnType<PublicClient['getTransactionReceipt']>>>()
  const txHashes = [
    ...new Set([...logs.map((log) => log.transactionHash), ...sent.map((send) => send.originTxHash)]),
  ]
  for (let i = 0; i < txHashes.length; i += 16) {
    await Promise.all(
      txHashes.slice(i, i + 16).map(async (hash) => {
        receipts.set(hash, await client.getTransactionReceipt({ hash }))
      }),
    )
  }
  // the fee terms of a tagged swap are in its call: the transaction's input
  const tagged = logs.filter((log) => log.args.integratorId !== zeroHash)
  const txs = new Map<Hex, { to: Address | null; input: Hex }>()
  const taggedHashes = [...new Set(tagged.map((log) => log.transactionHash))]
  for (let i = 0; i < taggedHashes.length; i += 16) {
    await Promise.all(
      taggedHashes.slice(i, i + 16).map(async (hash) => {
        const tx = await client.getTransaction({ hash })
        txs.set(hash, { to: tx.to ?? null, input: tx.input })
      }),
    )
  }
  const used = await getAttributedTags(store.db, {
    chainId,
    integratorIds: [...new Set(tagged.map((log) => log.args.integratorId.toLowerCase()))],
  })
  const attributed = new Map<(typeof logs)[number], Hex>()
  for (const log of tagged) {
    const tag = log.args.integratorId.toLowerCase()
    const tx = txs.get(log.transactionHash)
    const receipt = receipts.get(log.transactionHash)
    const block = blocks.get(Number(log.blockNumber))
    if (used.has(tag) || tx === undefined || receipt === undefined || block === undefined) continue
    const terms = findSwapFeeTerms({
      aggregator,
      to: tx.to,
      input: tx.input,
      swap: log.args,
      transfers: parseEventLogs({ abi: erc20TransferAbi, logs: receipt.logs, eventName: 'Transfer' })
        .filter((t) => t.args.from !== undefined && t.args.to !== undefined && t.args.value !== undefined)
        .map((t) => ({ token: t.address, from: t.args.from, to: t.args.to, value: t.args.value })),
    })
    if (terms === undefined) continue
    const companyId = verifyIntegratorTag({
      secret: params.tagSecret,
      tag: log.args.integratorId,
      chainId,
      aggregator,
      sender: log.args.sender,
      receiver: log.args.receiver,
      tokenIn: log.args.tokenIn,
      tokenOut: log.args.tokenOut,
      ...terms,
      blockTimestampSec: Number(block.timestamp),
    })
    if (companyId === undefined) continue
    attributed.set(log, companyId)
    used.add(tag)
  }
  const crossAttributed = new Map<(typeof sent)[number], Hex>()
  for (const send of sent) {
    const companyId = verifyIntegratorTag({
      secret: params.tagSecret,
      tag: send.integratorId,
      chainId,
      aggregator: send.contract,
      sender: getAddress(send.sender),
      receiver: getAddress(send.receiver),
      tokenIn: getAddress(send.tokenIn),
      tokenOut: getAddress(send.tokenOut),
      // the send events carry no fee terms: cross-chain tags bind none (createCrossTagger)
      feeRecipient: zeroAddress,
      feeBps: 0,
      blockTimestampSec: Number(blocks.get(Number(send.blockNumber))?.timestamp ?? 0n),
    })
    if (companyId !== undefined) crossAttributed.set(send, companyId)
  }
  const companies = new Map<Hex, Company | undefined>()
  for (const publicId of new Set([...attributed.values(), ...crossAttributed.values()])) {
    companies.set(publicId, await getCompanyByPublicId(store.db, publicId))
  }

  const rows: NewTrade[] = logs.map((log) => {
    const receipt = receipts.get(log.transactionHash)
    const block = blocks.get(Number(log.blockNumber))
    if (receipt === undefined || block === undefined) throw new Error('receipt or block missing')
    const publicId = attributed.get(log)
    return {
      chainId,
      txHash: log.transactionHash.toLowerCase(),
      logIndex: log.logIndex,
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash.toLowerCase(),
      blockTimestamp: new Date(Number(block.timestamp) * 1000),
      sender: getAddress(log.args.sender),
      receiver: getAddress(log.args.receiver),
      tokenIn: getAddress(log.args.tokenIn),
      tokenOut: getAddress(log.args.tokenOut),
      amountIn: log.args.amountIn,
      amountOut: log.args.amountOut,
      feeAmount: log.args.feeAmount,
      integratorId: log.args.integratorId.toLowerCase(),
      companyId: publicId === undefined ? null : (companies.get(publicId)?.id ?? null),
      txFrom: getAddress(receipt.from),
      txTo: receipt.to === null ? null : getAddress(receipt.to),
      gasUsed: receipt.gasUsed,
      gasPrice: receipt.effectiveGasPrice,
      status: receipt.status === 'success' ? 1 : 0,
    }
  })

  const crossRows: DiscoveredCrossTrade[] = sent.map((send) => {
    const publicId = crossAttributed.get(send)
    const receipt = receipts.get(send.originTxHash)
    if (receipt === undefined) throw new Error('receipt missing')
    return {
      companyId: publicId === undefined ? null : (companies.get(publicId)?.id ?? null),
      providerId: send.providerId,
      sourceChainId: send.sourceChainId,
      destinationChainId: send.destinationChainId,
      originTxHash: send.originTxHash,
      blockNumber: Number(send.blockNumber),
      blockHash: send.blockHash.toLowerCase(),
      blockTimestamp: new Date(Number(blocks.get(Number(send.blockNumber))?.timestamp ?? 0n) * 1000),
      sender: send.sender,
      receiver: send.receiver,
      tokenIn: send.tokenIn,
      tokenOut: send.tokenOut,
      amountIn: send.amountIn,
      feeAmount: send.feeAmount,
      txTo: receipt.to === null ? null : getAddress(receipt.to),
      gasUsed: receipt.gasUsed,
      gasPrice: receipt.effectiveGasPrice,
    }
  })

  const last = blocks.get(toBlock)
  if (last === undefined) throw new Error(`block ${toBlock} missing`)
  try {
    const inserted = await store.db.transaction(async (tx) => {
      const count = await insertTrades(tx, rows)
      await insertDiscoveredCrossTrades(tx, crossRows)
      const moved = await compareAndSetWatcherCursor(
        tx,
        { chainId, lastBlock: toBlock, lastBlockHash: last.hash.toLowerCase() },
        stored,
      )
      if (!moved) throw new RetrySync('cursor moved by another watcher')
      return count
    })
    return { kind: 'advanced', fromBlock, toBlock, inserted }
  } catch (error: unknown) {
    if (error instanceof RetrySync) return { kind: 'retry', reason: error.message }
    throw error
  }
}

async function getBlockHash(client: PublicClient, blockNumber: number): Promise<string | null> {
  try {
    const block = await client.getBlock({ blockNumber: BigInt(blockNumber) })
    return block.hash?.toLowerCase() ?? null
  } catch (error: unknown) {
    if (error instanceof Error && error.name === 'BlockNotFoundError') return null
    throw error
  }
}
