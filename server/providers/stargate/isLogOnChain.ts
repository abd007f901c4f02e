import { type Hash, TransactionReceiptNotFoundError } from 'viem'

/** The one read of a chain client this needs (a viem PublicClient has it). */
export interface ReceiptReader {
  getTransactionReceipt(args: { hash: Hash }): Promise<{ blockHash: Hash }>
}

/**
 * Whether the transaction that emitted a log is still on `client`'s chain in the log's block: its receipt exists
 * and names the same block hash. A chain that rolled back (a devnet chain restarted from an older state dump, a
 * reorg) no longer holds it, and an event index may still list it. Throws what the node throws, but a missing
 * receipt.
 */
export async function isLogOnChain(
  client: ReceiptReader,
  log: { transactionHash: Hash; blockHash: Hash },
): Promise<boolean> {
  try {
    const receipt = await client.getTransactionReceipt({ hash: log.transactionHash })
    return receipt.blockHash === log.blockHash
  } catch (error: unknown) {
    if (error instanceof TransactionReceiptNotFoundError) return false
    throw error
  }
}
