import {
  type Address,
  createTestClient,
  formatTransactionReceipt,
  type Hash,
  type Hex,
  http,
  type LocalAccount,
  publicActions,
  type RpcTransactionReceipt,
  type TransactionReceipt,
  walletActions,
} from 'viem'

export interface PipelinedTx {
  /** Absent: a contract creation (its address follows from the nonce `send` returns). */
  to?: Address
  data: Hex
  value?: bigint
  gas: bigint
  /** Shown in the error when the transaction reverts. */
  label: string
}

export interface TxPipeline {
  /** Queues a transaction with the next nonce, which it returns; nothing is sent before `flush()`. */
  send(tx: PipelinedTx): number
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
 * Transactions per block: anvil builds a receipt by walking its block, so reading a block's receipts costs the
 * square of its size (4,000 transactions: 48 s; 200: 0.3 s). Small blocks keep a 30,000-transaction deploy's
 * receipts to seconds.
 */
const maxTxsPerBlock = 100
/** Blocks whose receipts are read concurrently after a flush. */
const receiptBlocksAtOnce = 4

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
  /**
   * The large market's tens of thousands of transactions: anvil signs them (the account impersonated, so no
   * signature is computed here, which cost most of a deploy's CPU) and blocks take this much gas (the limit set with
   * `evm_setBlockGasLimit` while flushing, then put back), so a few hundred blocks hold them, not thousands.
   */
  bulk?: { blockGasLimit: bigint }
}): TxPipeline {
  const client = createTestClient({
    mode: 'anvil',
    // bulk: smaller JSON-RPC batches, as a block of hundreds of contract creations would exceed anvil's body limit
    transport: http(params.rpcUrl, {
      batch: { batchSize: params.bulk ? 50 : 1_000, wait: 0 },
      retryCount: 0,
      timeout: 120_000,
    }),
  })
    .extend(publicActions)
    .extend(walletActions)
  let nonce = params.startNonce
  const queued: (PipelinedTx & { nonce: number })[] = []

  const send = (tx: PipelinedTx) => {
    queued.push({ ...tx, nonce })
    return nonce++
  }

  const signAll = (txs: readonly (PipelinedTx & { nonce: number })[]) =>
    Promise.all(
      txs.map((tx) =>
        params.account.signTransaction({
          type: 'eip1559',
          chainId: params.chainId,
          nonce: tx.nonce,
          ...(tx.to === undefined ? {} : { to: tx.to }),
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

  const budget = params.bulk ? params.bulk.blockGasLimit - 1_000_000n : blockGasBudget
  const sendAll = async (block: readonly (PipelinedTx & { nonce: number })[]) => {
    if (!params.bulk) {
      const signed = await signAll(block)
      return Promise.allSettled(
        signed.map((serialized) => client.sendRawTransaction({ serializedTransaction: serialized })),
      )
    }
    return Promise.allSettled(
      block.map((tx) =>
        // the test client's typed methods omit eth_sendTransaction; anvil takes it from an impersonated account
        (client.request as (args: { method: string; params: unknown[] }) => Promise<Hash>)({
          method: 'eth_sendTransaction',
          params: [
            {
              from: params.account.address,
              ...(tx.to === undefined ? {} : { to: tx.to }),
              data: tx.data,
              value: `0x${(tx.value ?? 0n).toString(16)}`,
              gas: `0x${tx.gas.toString(16)}`,
              nonce: `0x${tx.nonce.toString(16)}`,
              maxFeePerGas: `0x${maxFeePerGas.toString(16)}`,
              maxPriorityFeePerGas: '0x1',
            },
          ],
        }),
      ),
    )
  }

  /**
   * The receipts of `hashes`, read block by block (`eth_getBlockReceipts`, a few blocks at a time): one call per
   * block, where a call per transaction opened hundreds of concurrent requests at the large market's size.
   */
  const readReceipts = async (hashes: readonly Hash[], from: bigint, to: bigint) => {
    const byHash = new Map<Hash, TransactionReceipt>()
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    for (let i = 0; i < numbers.length; i += receiptBlocksAtOnce) {
      const blocks = await Promise.all(
        numbers.slice(i, i + receiptBlocksAtOnce).map((n) =>
          (
            client.request as (args: {
              method: string
              params: unknown[]
            }) => Promise<RpcTransactionReceipt[]>
          )({
            method: 'eth_getBlockReceipts',
            params: [`0x${n.toString(16)}`],
          }),
        ),
      )
      for (const receipt of blocks.flat())
        byHash.set(receipt.transactionHash, formatTransactionReceipt(receipt))
    }
    return hashes.map((hash) => byHash.get(hash))
  }

  const flush = async () => {
    const txs = queued.splice(0)
    if (txs.length === 0) return []
    const blocks: (typeof txs)[] = [[]]
    let blockGas = 0n
    for (const tx of txs) {
      const current = blocks.at(-1)
      if (current === undefined) break
      if ((blockGas + tx.gas > budget || current.length >= maxTxsPerBlock) && current.length > 0) {
        blocks.push([tx])
        blockGas = tx.gas
      } else {
        current.push(tx)
        blockGas += tx.gas
      }
    }
    const hashes: Hash[] = []
    const firstBlock = (await client.getBlockNumber({ cacheTime: 0 })) + 1n
    const gasLimitBefore = params.bulk ? (await client.getBlock()).gasLimit : undefined
    if (params.bulk) {
      await client.impersonateAccount({ address: params.account.address })
      await client.request({
        method: 'evm_setBlockGasLimit',
        params: [`0x${params.bulk.blockGasLimit.toString(16)}`],
      } as never)
    }
    await client.setAutomine(false)
    try {
      for (const block of blocks) {
        const sent = await sendAll(block)
        sent.forEach((result, i) => {
          if (result.status === 'rejected') {
            const reason = result.reason instanceof Error ? result.reason.message.split('\n')[0] : ''
            throw new DevnetTxError(`sending "${block[i]?.label}" failed: ${reason}`, {
              cause: result.reason,
            })
          }
          hashes.push(result.value as Hash)
        })
        await client.mine({ blocks: 1 })
      }
      await mineOwn()
    } finally {
      await client.setAutomine(true)
      if (params.bulk) {
        await client.stopImpersonatingAccount({ address: params.account.address })
        await client.request({
          method: 'evm_setBlockGasLimit',
          params: [`0x${(gasLimitBefore ?? 30_000_000n).toString(16)}`],
        } as never)
      }
    }
    await mineOthers()
    const receipts = await readReceipts(hashes, firstBlock, await client.getBlockNumber({ cacheTime: 0 }))
    const missing = receipts.indexOf(undefined)
    if (missing >= 0)
      throw new DevnetTxError(`"${txs[missing]?.label}" was not mined (tx ${hashes[missing]})`)
    receipts.forEach((receipt, i) => {
      if (receipt?.status !== 'success') {
        throw new DevnetTxError(`"${txs[i]?.label}" reverted (tx ${hashes[i]})`)
      }
    })
    return receipts as TransactionReceipt[]
  }

  return { send, flush }
}
