import {
  type Address,
  BaseError,
  BlockNotFoundError,
  ExecutionRevertedError,
  type Hex,
  type LocalAccount,
  type PublicClient,
  parseTransaction,
  RawContractError,
  TransactionNotFoundError,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
} from 'viem'
import type { Db } from '../store/db'
import {
  dropGaslessOrderTx,
  type GaslessOrderRow,
  listTrackedGaslessOrders,
  markGaslessOrderFinal,
  reopenGaslessOrder,
  syncGaslessRelayerNonce,
} from '../store/gaslessOrders'
import { finishGaslessOrderFromReceipt } from './finishGaslessOrderFromReceipt'

export interface ReconcileGaslessTxsParams {
  db: Db
  chainId: number
  client: PublicClient
  /** The relayer account: its transactions are reconciled (nonces are per account). */
  account: LocalAccount
  /** This relayer's lease name: it resolves only orders it holds or whose lease ran out. */
  worker: string
  now: () => number
  /** A mined block is final once this many blocks (itself included) are on the chain. */
  confirmations: number
  /** When set, a mined order still canonical this long after its receipt was recorded is final as well. */
  finalAfterMs?: number
  /**
   * When set, the highest block no rollback can take away (undefined: none yet); a mined order is final only at
   * or below it, whatever its depth or age: the devnet's last state save, which a crash rolls its chain back to.
   */
  finalBlock?: () => Promise<bigint | undefined>
  receiptTimeoutMs: number
  receiptPollMs: number
  costInSrcToken: (srcToken: Address, costWei: bigint) => bigint | undefined
  onError?: (error: unknown, orderId: string) => void
}

export interface GaslessTxReconciliation {
  /**
   * Whether every nonce from the chain's count up to the relayer's last persisted transaction is held by a
   * transaction the node knows. While not, no new order may be signed: it would sit above the gap.
   */
  gapFree: boolean
  /** Resolves once the receipts of the relayer's own in-flight transactions were awaited (concurrently). */
  settled: Promise<void>
}

const done: Promise<void> = Promise.resolve()

/**
 * Reconciles relayer `account`'s transactions on one chain with the chain (docs/gasless.md "Reconciliation").
 * 1. Every order recorded as mined and not final is rechecked: its receipt must exist in a block that is
 *    canonical (the block at that height has that hash). Deep enough (`confirmations`, or `finalAfterMs`), and at
 *    or below `finalBlock` when given, it becomes final; gone (a rollback or reorg), it is reopened with its signed transaction.
 * 2. Every in-flight transaction (signed, persisted, not mined) at or above the chain's count is rebroadcast,
 *    the same signed bytes, in nonce order, unless the node lacks it and it would revert now (rolled back with
 *    what it needs, such as the owner's approval): that one is closed as a refused one is. A nonce the node then holds no transaction for (a refused
 *    transaction, or none persisted) is closed with a 0-value self-transfer, and the refused transaction's
 *    order goes back to pending to be checked and signed again; the stored nonce counter is set from the
 *    chain's pending count.
 * 3. `settled` awaits the receipts of in-flight transactions this relayer holds, concurrently, and ends their
 *    orders from them; one whose nonce the chain consumed with another transaction goes back to pending.
 * Throws when the node cannot be read (nothing is changed on a failed read).
 */
export async function reconcileGaslessTxs(p: ReconcileGaslessTxsParams): Promise<GaslessTxReconciliation> {
  const { db, chainId, client, account, now } = p
  const relayer = account.address
  const list = () => listTrackedGaslessOrders(db, { chainId, relayer })
  let tracked = await list()
  if (tracked.length === 0) return { gapFree: true, settled: done }
  const nowMs = now()

  const mined = tracked.filter((row) => row.minedBlockHash !== null)
  let reopened = false
  if (mined.length > 0) {
    const head = await client.getBlockNumber({ cacheTime: 0 })
    const finalBlock = p.finalBlock === undefined ? head : await p.finalBlock()
    await Promise.all(
      mined.map(async (row) => {
        const blockHash = row.minedBlockHash ?? ''
        const receipt = await readReceipt(client, row.txHash)
        if (
          receipt !== undefined &&
          receipt.blockHash === blockHash &&
          (await isCanonical(client, receipt))
        ) {
          const deep = head - receipt.blockNumber + 1n >= BigInt(p.confirmations)
          const seenAt = (row.completedAt ?? row.failedAt)?.getTime()
          const old = p.finalAfterMs !== undefined && seenAt !== undefined && nowMs - seenAt >= p.finalAfterMs
          const covered = finalBlock !== undefined && receipt.blockNumber <= finalBlock
          if ((deep || old) && covered)
            await markGaslessOrderFinal(db, { id: row.id, blockHash, at: new Date(nowMs) })
          return
        }
        const reason = `its transaction ${row.txHash} is no longer in block ${row.minedBlockNumber} (rolled back); it is rebroadcast`
        if (await reopenGaslessOrder(db, { id: row.id, blockHash, reason })) reopened = true
      }),
    )
    if (reopened) tracked = await list()
  }

  const inFlight = tracked
    .filter((row): row is GaslessOrderRow & { signedTx: string; txHash: string } => {
      return row.status === 'processing' && row.signedTx !== null && row.txHash !== null
    })
    .map((row) => ({ row, nonce: row.txNonce ?? parseTransaction(row.signedTx as Hex).nonce ?? -1 }))
    .sort((a, b) => a.nonce - b.nonce)
  if (inFlight.length === 0) return { gapFree: true, settled: done }
  // read after the list: a transaction of the list mined since is counted, and has its receipt below
  const latest = await client.getTransactionCount({ address: relayer, blockTag: 'latest' })
  const ours = (row: GaslessOrderRow) =>
    row.claimedBy === null || row.claimedBy === p.worker || (row.leaseUntil?.getTime() ?? 0) < nowMs

  // Rebroadcasting a persisted transaction is always safe, whoever holds its order: it is the order's only
  // transaction. In nonce order, so a node that drops transactions above a gap keeps them all.
  // One that would revert now is not sent again: what it needs (the owner's approval) went with the same rollback
  // and may come back later; its nonce is closed below and its order checked and signed again once it can fill.
  const known = new Set<number>()
  const reverting = new Set<number>()
  for (const { row, nonce } of inFlight) {
    if (nonce < latest) continue
    if (!(await isKnown(client, row.txHash)) && (await wouldRevert(client, relayer, row.signedTx as Hex))) {
      reverting.add(nonce)
      continue
    }
    await client.sendRawTransaction({ serializedTransaction: row.signedTx as Hex }).catch(() => undefined)
    if (await isKnown(client, row.txHash)) known.add(nonce)
  }
  const dropped = new Set<string>()
  let gapFree = true
  const top = inFlight[inFlight.length - 1]?.nonce ?? -1
  for (let nonce = latest; nonce <= top; nonce++) {
    if (known.has(nonce)) continue
    const holder = inFlight.find((x) => x.nonce === nonce)?.row
    if (holder !== undefined && !ours(holder)) {
      gapFree = false
      continue
    }
    const closed = await closeNonce(p, nonce, holder?.signedTx).catch((error: unknown) => {
      p.onError?.(error, holder?.id ?? `nonce ${nonce}`)
      return false
    })
    if (!closed) {
      gapFree = false
      continue
    }
    if (holder !== undefined) {
      dropped.add(holder.id)
      await dropGaslessOrderTx(db, {
        id: holder.id,
        txHash: holder.txHash,
        now: new Date(nowMs),
        reason: reverting.has(nonce)
          ? `its transaction ${holder.txHash} would revert if sent (what it needs, such as the owner's approval, is not on chain: a rollback, or an on-chain cancel); nonce ${nonce} was closed with an empty transaction and the order is checked and signed again`
          : `its transaction ${holder.txHash} was refused when rebroadcast; nonce ${nonce} was closed with an empty transaction and the order is checked and signed again`,
      })
    }
  }
  if (gapFree) {
    const pending = await client.getTransactionCount({ address: relayer, blockTag: 'pending' })
    await syncGaslessRelayerNonce(db, { chainId, relayer, chainNonce: pending })
  }

  const settled = Promise.all(
    inFlight
      .filter(({ row }) => ours(row) && !dropped.has(row.id))
      .map(async ({ row, nonce }) => {
        try {
          await settleInFlight(p, row, nonce < latest)
        } catch (error: unknown) {
          p.onError?.(error, row.id)
        }
      }),
  ).then(() => undefined)
  return { gapFree, settled }
}

/** Ends an in-flight order from its receipt; `consumed`: the chain's count is past its nonce already. */
async function settleInFlight(
  p: ReconcileGaslessTxsParams,
  row: GaslessOrderRow & { txHash: string },
  consumed: boolean,
): Promise<void> {
  const hash = row.txHash as Hex
  let receipt: TransactionReceipt | undefined
  if (consumed) {
    receipt = await readReceipt(p.client, hash)
    if (receipt === undefined) {
      await dropGaslessOrderTx(p.db, {
        id: row.id,
        txHash: row.txHash,
        now: new Date(p.now()),
        reason: `its transaction ${row.txHash} can never be mined (another transaction took its nonce); the order is checked and signed again`,
      })
      return
    }
  } else {
    receipt = await p.client
      .waitForTransactionReceipt({ hash, timeout: p.receiptTimeoutMs, pollingInterval: p.receiptPollMs })
      .catch((error: unknown) => {
        // still in flight: the next round rebroadcasts and awaits it again
        if (error instanceof WaitForTransactionReceiptTimeoutError) return undefined
        throw error
      })
    if (receipt === undefined) return
  }
  await finishGaslessOrderFromReceipt(p.db, {
    row,
    receipt,
    at: new Date(p.now()),
    costInSrcToken: p.costInSrcToken,
  })
}

/**
 * Whether the signed transaction would revert on the chain's latest state (an `eth_call` of it from the relayer).
 * A node that cannot be asked counts as no: the transaction is sent again as before.
 */
async function wouldRevert(client: PublicClient, relayer: Address, signedTx: Hex): Promise<boolean> {
  const tx = parseTransaction(signedTx)
  if (tx.to === undefined || tx.to === null) return false
  try {
    await client.call({
      account: relayer,
      to: tx.to,
      ...(tx.data === undefined ? {} : { data: tx.data }),
      ...(tx.value === undefined ? {} : { value: tx.value }),
      ...(tx.gas === undefined ? {} : { gas: tx.gas }),
    })
    return false
  } catch (error: unknown) {
    return (
      error instanceof BaseError &&
      error.walk((cause) => cause instanceof RawContractError || cause instanceof ExecutionRevertedError) !==
        null
    )
  }
}

/**
 * Sends a 0-value transfer to itself at `nonce`, so the transactions above it can be mined: with fees at
 * least today's, and 1/8 above those of `replaced` (the refused transaction at that nonce, which a node may
 * still hold: a replacement must pay more). Returns whether the node accepted it.
 */
async function closeNonce(p: ReconcileGaslessTxsParams, nonce: number, replaced: string | null | undefined) {
  const fees = await p.client.estimateFeesPerGas()
  const old = replaced ? parseTransaction(replaced as Hex) : undefined
  const bump = (fee: bigint | undefined) => ((fee ?? 0n) * 9n) / 8n + 1n
  const maxFeePerGas = old ? max(fees.maxFeePerGas, bump(old.maxFeePerGas)) : fees.maxFeePerGas
  const maxPriorityFeePerGas = old
    ? max(fees.maxPriorityFeePerGas, bump(old.maxPriorityFeePerGas))
    : fees.maxPriorityFeePerGas
  const signed = await p.account.signTransaction({
    chainId: p.chainId,
    type: 'eip1559',
    to: p.account.address,
    value: 0n,
    gas: 21_000n,
    nonce,
    maxFeePerGas,
    maxPriorityFeePerGas,
  })
  await p.client.sendRawTransaction({ serializedTransaction: signed })
  return true
}

const max = (a: bigint, b: bigint) => (a > b ? a : b)

/** The receipt of `hash`, or undefined when the chain holds none (other read errors throw). */
async function readReceipt(
  client: PublicClient,
  hash: string | null,
): Promise<TransactionReceipt | undefined> {
  if (hash === null) return undefined
  try {
    return await client.getTransactionReceipt({ hash: hash as Hex })
  } catch (error: unknown) {
    if (error instanceof TransactionReceiptNotFoundError) return undefined
    throw error
  }
}

/** Whether the receipt's block is the chain's block at that height (a node may keep receipts of a reorged block). */
async function isCanonical(client: PublicClient, receipt: TransactionReceipt): Promise<boolean> {
  try {
    return (await client.getBlock({ blockNumber: receipt.blockNumber })).hash === receipt.blockHash
  } catch (error: unknown) {
    if (error instanceof BlockNotFoundError) return false
    throw error
  }
}

/** Whether the node holds transaction `hash` (in its pool or mined). */
async function isKnown(client: PublicClient, hash: string): Promise<boolean> {
  try {
    await client.getTransaction({ hash: hash as Hex })
    return true
  } catch (error: unknown) {
    if (error instanceof TransactionNotFoundError) return false
    throw error
  }
}
