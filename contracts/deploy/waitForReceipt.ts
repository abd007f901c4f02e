import { type Hash, TransactionReceiptNotFoundError } from 'viem'
import type { DevClient } from './devClient'

export type WaitForReceiptParams = { hash: Hash; pollingIntervalMs?: number; timeoutMs?: number }

/**
 * Polls `eth_getTransactionReceipt` for `hash` every `pollingIntervalMs` (default 20 ms) until it exists
 * and returns it. Unlike viem's block-watching `waitForTransactionReceipt`, this keeps working after
 * `evm_revert` rewinds block numbers. Throws after `timeoutMs` (default 30 s); does not check the status.
 */
export async function waitForReceipt(
  client: DevClient,
  { hash, pollingIntervalMs = 20, timeoutMs = 30_000 }: WaitForReceiptParams,
) {
  const deadline = Date.now() + timeoutMs
  while (true) {
    try {
      return await client.getTransactionReceipt({ hash })
    } catch (error: unknown) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error
      if (Date.now() > deadline)
        throw new Error(`no receipt for ${hash} after ${timeoutMs} ms`, { cause: error })
    }
    await new Promise((resolve) => setTimeout(resolve, pollingIntervalMs))
  }
}
