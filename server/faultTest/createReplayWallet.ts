import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  type LocalAccount,
  type PublicClient,
  type TransactionReceipt,
} from 'viem'

export interface ReplayWallet {
  readonly address: Address
  /**
   * Signs and broadcasts a transaction on `chainId` at the account's next nonce (gas: `gas`, else the estimate
   * plus 30 %), keeps the signed bytes, and resolves with its hash once broadcast.
   */
  send(chainId: number, tx: { to: Address; data?: Hex; value?: bigint; gas?: bigint }): Promise<Hex>
  /** Polls until `hash` is mined on `chainId` (by then it may be rolled back again: a crash, a reorg). */
  receipt(chainId: number, hash: Hex): Promise<TransactionReceipt>
  /**
   * Broadcasts again, in nonce order, every signed transaction the chain no longer holds: what a node's mempool
   * does for a user's transaction after a reorg, and what a wallet does after a devnet crash lost its block.
   */
  replay(): Promise<void>
}

/**
 * A test wallet of `account` on the devnet chains `rpcUrls` (chain id -> URL) that signs locally and journals
 * every transaction it sent, so a test that crashes the devnet can put the user's transactions back.
 */
export function createReplayWallet(
  account: LocalAccount,
  rpcUrls: ReadonlyMap<number, string>,
): ReplayWallet {
  const clients = new Map<number, PublicClient>()
  const journal: { chainId: number; hash: Hex; raw: Hex }[] = []
  const nextNonce = new Map<number, number>()
  const client = (chainId: number) => {
    let found = clients.get(chainId)
    if (found === undefined) {
      const url = rpcUrls.get(chainId)
      if (url === undefined) throw new Error(`no RPC URL for chain ${chainId}`)
      found = createPublicClient({ transport: http(url, { timeout: 30_000 }), pollingInterval: 100 })
      clients.set(chainId, found)
    }
    return found
  }
  const broadcast = async (chainId: number, raw: Hex) => {
    try {
      await client(chainId).request({ method: 'eth_sendRawTransaction', params: [raw] })
    } catch (error: unknown) {
      // mined already, or still in the pool: the chain holds it either way
      if (!/nonce too low|already known|already imported/i.test(String(error))) throw error
    }
  }
  return {
    address: account.address,
    async send(chainId, tx) {
      const c = client(chainId)
      const onChain = await c.getTransactionCount({ address: account.address, blockTag: 'pending' })
      const nonce = Math.max(onChain, nextNonce.get(chainId) ?? 0)
      const value = tx.value ?? 0n
      const gas =
        tx.gas ??
        ((await c.estimateGas({ account: account.address, to: tx.to, data: tx.data, value })) * 130n) / 100n
      // twice today's price: a rollback or a busier block must not leave it underpriced when replayed
      const gasPrice = (await c.getGasPrice()) * 2n
      const raw = await account.signTransaction({
        chainId,
        type: 'legacy',
        nonce,
        to: tx.to,
        ...(tx.data === undefined ? {} : { data: tx.data }),
        value,
        gas,
        gasPrice,
      })
      nextNonce.set(chainId, nonce + 1)
      const hash = await c.request({ method: 'eth_sendRawTransaction', params: [raw] })
      journal.push({ chainId, hash, raw })
      return hash
    },
    async receipt(chainId, hash) {
      for (;;) {
        const found = await client(chainId)
          .getTransactionReceipt({ hash })
          .catch(() => undefined)
        if (found !== undefined) return found
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    },
    async replay() {
      for (const entry of journal) {
        const mined = await client(entry.chainId)
          .getTransactionReceipt({ hash: entry.hash })
          .catch(() => undefined)
        if (mined === undefined) await broadcast(entry.chainId, entry.raw)
      }
    },
  }
}
