import {
  type Address,
  createTestClient,
  type Hash,
  type Hex,
  http,
  type LocalAccount,
  publicActions,
  type TransactionReceipt,
  walletActions,
} from 'viem'

export interface PipelinedTx {
  to: Address
  data: Hex
  value?: bigint
  gas: bigint
  /** Shown in the error when the transaction reverts. */
  label: string
}

export interface TxPipeline {
  /** Queues a transaction with the next nonce; nothing is sent before `flush()`. */
  send(tx: PipelinedTx): void
  /** Sends and mines every queued transaction; throws naming the first that failed or reverted. */
  flush(): Promise<TransactionReceipt[]>
}

export class DevnetTxError extends Error {
  override name = 'DevnetTxError'
}

const maxFeePerGas = 50_000_000_000n
/** Below anvil's default 30M block gas limit. */
const blockGasBudget = 29_000_000n
const maxMineRounds = 100

/**
 * Sends many transactions from one local account to an anvil node without waiting per transaction.
 * Nonces are assigned here from `startNonce`; gas is given by the caller (no estimation, so dependent
 * transactions can be queued before their predecessors run). `flush()` switches automine off, cuts the
 * queue into blocks whose gas limits sum below the block gas limit (anvil drops a transaction that does
 * not fit the block being built, together with all its nonce successors), sends each block's
 * transactions in one JSON-RPC batch, mines it with `evm_mine` until `account`'s transactions have left the
 * pool (other accounts' stuck transactions are neither waited on nor dropped), and switches automine back on.
 * Only safe while nobody else sends from `account`.
 */
export function createTxPipeline(params: {
  rpcUrl: string
  chainId: number
  account: LocalAccount
  startNonce: number
}): TxPipeline {
  const client = createTestClient({
    mode: 'anvil',
    transport: http(params.rpcUrl, { batch: { batchSize: 1_000, wait: 0 }, retryCount: 0, timeout: 60_000 }),
  })
    .extend(publicActions)
    .extend(walletActions)
  let nonce = params.startNonce
  const queued: (PipelinedTx & { nonce: number })[] = []

  const send = (tx: PipelinedTx) => {
    queued.push({ ...tx, nonce: nonce++ })
  }

  const signAll = (txs: readonly (PipelinedTx & { nonce: number })[]) =>
    Promise.all(
      txs.map((tx) =>
        params.account.signTransaction({
          type: 'eip1559',
          chainId: params.chainId,
          nonce: tx.nonce,
          to: tx.to,
          data: tx.data,
          value: tx.value ?? 0n,
          gas: tx.gas,
          maxFeePerGas,
          maxPriorityFeePerGas: 1n,
        }),
      ),
    )

  const own = params.account.address.toLowerCase()
  /** This account's transactions in the pool, pending (next in nonce order) and queued (behind a gap). */
  const countOwn = async () => {
    const content = await client.getTxpoolContent()
    const count = (bySender: Record<string, Record<string, unknown>>) =>
      Object.entries(bySender)
        .filter(([sender]) => sender.toLowerCase() === own)
        .reduce((sum, [, byNonce]) => sum + Object.keys(byNonce).length, 0)
    return { pending: count(content.pending), queued: count(content.queued) }
  }

  /**
   * Mines until this account's transactions have left the pool. Other accounts' transactions are not ours to
   * wait on: one queued behind its own nonce gap, or priced below the base fee, stays in the pool forever.
   */
  const mineOwn = async () => {
    for (let round = 0; round < maxMineRounds; round++) {
      const status = await countOwn()
      if (status.pending === 0 && status.queued === 0) return
      if (status.pending === 0)
        throw new DevnetTxError(`${status.queued} transactions stuck behind a nonce gap`)
      await client.mine({ blocks: 1 })
    }
    throw new DevnetTxError('transaction pool did not drain')
  }

  /**
   * Mines what others sent while automine was off (it would otherwise wait for the next transaction), as long
   * as each block takes some: what no block takes (a nonce gap, a fee below the base fee) is left where it is.
   */
  const mineOthers = async () => {
    let pending = (await client.getTxpoolStatus()).pending
    for (let round = 0; round < maxMineRounds && pending > 0; round++) {
      await client.mine({ blocks: 1 })
      const left = (await client.getTxpoolStatus()).pending
      if (left >= pending) return
      pending = left
    }
  }

  const flush = async () => {
    const txs = queued.splice(0)
    if (txs.length === 0) return []
    const blocks: (typeof txs)[] = [[]]
    let blockGas = 0n
    for (const tx of txs) {
      const current = blocks.at(-1)
      if (current === undefined) break
      if (blockGas + tx.gas > blockGasBudget && current.length > 0) {
        blocks.push([tx])
        blockGas = tx.gas
      } else {
        current.push(tx)
        blockGas += tx.gas
      }
    }
    const hashes: Hash[] = []
    await client.setAutomine(false)
    try {
      for (const block of blocks) {
        const signed = await signAll(block)
        const sent = await Promise.allSettled(
          signed.map((serialized) => client.sendRawTransaction({ serializedTransaction: serialized })),
        )
        sent.forEach((result, i) => {
          if (result.status === 'rejected') {
            throw new DevnetTxError(`sending "${block[i]?.label}" failed`, { cause: result.reason })
          }
          hashes.push(result.value)
        })
        await client.mine({ blocks: 1 })
      }
      await mineOwn()
    } finally {
      await client.setAutomine(true)
    }
    await mineOthers()
    const receipts = await Promise.all(
      hashes.map((hash, i) =>
        client.getTransactionReceipt({ hash }).catch((error: unknown) => {
          throw new DevnetTxError(`"${txs[i]?.label}" was not mined (tx ${hash})`, { cause: error })
        }),
      ),
    )
    receipts.forEach((receipt, i) => {
      if (receipt.status !== 'success') {
        throw new DevnetTxError(`"${txs[i]?.label}" reverted (tx ${receipt.transactionHash})`)
      }
    })
    return receipts
  }

  return { send, flush }
}
