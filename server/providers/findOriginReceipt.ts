import type { Hex, PublicClient, TransactionReceipt } from 'viem'

/** An origin transaction's receipt and the chain that holds it. */
export interface OriginReceipt {
  chainId: number
  receipt: TransactionReceipt
}

/** How long one chain may take to answer a receipt lookup before it counts as "not there". */
export const ORIGIN_RECEIPT_TIMEOUT_MS = 2_000

/**
 * The receipt of `hash` on the first of `chains` that holds it: every chain is asked at once, each call bounded
 * by `timeoutMs` (a chain that fails or does not answer in time counts as not holding it), and the answer is the
 * first receipt found, without waiting for the slower chains. Undefined when none holds it. Never throws.
 */
export function findOriginReceipt(
  chains: readonly { chainId: number; client: Pick<PublicClient, 'getTransactionReceipt'> }[],
  hash: Hex,
  timeoutMs = ORIGIN_RECEIPT_TIMEOUT_MS,
): Promise<OriginReceipt | undefined> {
  if (chains.length === 0) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    let pending = chains.length
    let found = false
    const timers: ReturnType<typeof setTimeout>[] = []
    for (const { chainId, client } of chains) {
      let answered = false
      const answer = (receipt: TransactionReceipt | undefined) => {
        if (answered || found) return
        answered = true
        clearTimeout(timer)
        if (receipt !== undefined) {
          found = true
          for (const other of timers) clearTimeout(other)
          resolve({ chainId, receipt })
          return
        }
        pending -= 1
        if (pending === 0) resolve(undefined)
      }
      const timer = setTimeout(() => answer(undefined), timeoutMs)
      timers.push(timer)
      client.getTransactionReceipt({ hash }).then(answer, () => answer(undefined))
    }
  })
}
