import type { UtxoNodeClient, UtxoNodeTx } from '../chains/createUtxoNodeClient'
import type { Logger } from '../logger'
import type { ThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import { toMemoAddress } from '../providers/thorchain/thorchainAssets'
import { toMempoolDeposit } from '../providers/thorchain/toMempoolDeposit'
import type { Store } from '../store/createStore'
import {
  deleteUnconfirmedDeposit,
  insertMempoolDeposit,
  listUnconfirmedDeposits,
} from '../store/mempoolDeposits'

/** A UTXO chain's node whose mempool is watched for deposits. */
export interface MempoolNode {
  chainId: number
  client: UtxoNodeClient
}

/**
 * How long after its sighting a deposit that left the mempool unconfirmed, and that neither the network nor the
 * node knows, is kept: long enough for the network to observe a mined deposit (a block and its confirmation
 * counting) even where the node, without `-txindex`, cannot tell a mined transaction from a dropped one.
 */
export const UNCONFIRMED_DROP_AFTER_MS = 60 * 60_000

/**
 * Most transactions read per chain and round: a busy mempool (Bitcoin's holds tens of thousands) is read over
 * several rounds, each transaction once, rather than in one burst against the node.
 */
const MAX_READS_PER_ROUND = 500

/**
 * One round of the mempool watcher of the liquidity network's UTXO chains: for each `nodes` chain the network
 * serves, reads the mempool transactions not read before (`examined`, by chain; at most `MAX_READS_PER_ROUND`),
 * stores each payment to the chain's current inbound vault that carries a swap memo of ours (`toMempoolDeposit`,
 * the sender read from the first input's funding transaction) as a PENDING trade paid now
 * (`insertMempoolDeposit`: the network's later observation moves the same row on); then deletes the sightings
 * that left the mempool at least `dropAfterMs` after they were seen while neither the node nor the network knows
 * them (replaced or dropped: nothing was paid). A chain whose node fails is told to `logger` and read again next
 * round. Returns how many deposits were stored and deleted.
 */
export async function syncMempoolDeposits(params: {
  store: Store
  provider: Pick<ThorchainProvider, 'id' | 'chainIds' | 'inboundAddresses'>
  nodes: readonly MempoolNode[]
  /** The txids read in earlier rounds, by chain (kept while they stay in the mempool). */
  examined: Map<number, Set<string>>
  now: () => number
  dropAfterMs?: number
  logger?: Logger
}): Promise<{ seen: number; dropped: number }> {
  const { store, provider } = params
  const dropAfterMs = params.dropAfterMs ?? UNCONFIRMED_DROP_AFTER_MS
  let seen = 0
  let dropped = 0
  const served = params.nodes.filter((node) => provider.chainIds.includes(node.chainId))
  if (served.length === 0) return { seen, dropped }
  const vaults = await provider.inboundAddresses()
  for (const { chainId, client } of served) {
    const vault = vaults.find((v) => v.chainId === chainId)?.address
    if (vault === undefined) continue
    try {
      const mempool = new Set(await client.getRawMempool())
      const examined = params.examined.get(chainId) ?? new Set<string>()
      params.examined.set(chainId, examined)
      for (const txid of examined) if (!mempool.has(txid)) examined.delete(txid)
      let reads = 0
      for (const txid of mempool) {
        if (examined.has(txid)) continue
        if (reads++ >= MAX_READS_PER_ROUND) break
        const tx = await client.getRawTransaction(txid)
        examined.add(txid)
        // the funding transaction is read only for a payment to the vault (CashAddr with or without its prefix)
        if (
          tx === undefined ||
          !tx.outputs.some(
            (o) => o.address !== undefined && toMemoAddress(o.address) === toMemoAddress(vault),
          )
        )
          continue
        const deposit = toMempoolDeposit({
          tx,
          sourceChainId: chainId,
          vault,
          sender: await readSender(client, tx),
          seenAt: new Date(params.now()),
          chainIds: provider.chainIds,
        })
        if (deposit !== undefined && (await insertMempoolDeposit(store.db, provider.id, deposit))) {
          seen += 1
          params.logger?.info('deposit seen in the mempool', { chainId, txid, amountIn: deposit.amountIn })
        }
      }
      for (const row of await listUnconfirmedDeposits(store.db, {
        providerId: provider.id,
        sourceChainId: chainId,
      })) {
        if (mempool.has(row.originTxHash) || row.paidAt === null) continue
        if (params.now() - row.paidAt.getTime() < dropAfterMs) continue
        // mined and not yet observed by the network: kept (a node without -txindex answers undefined here too)
        if ((await client.getRawTransaction(row.originTxHash)) !== undefined) continue
        if (
          await deleteUnconfirmedDeposit(store.db, { sourceChainId: chainId, originTxHash: row.originTxHash })
        ) {
          dropped += 1
          params.logger?.info('deposit left the mempool unconfirmed: forgotten', {
            chainId,
            txid: row.originTxHash,
          })
        }
      }
    } catch (error: unknown) {
      params.logger?.warn('mempool not read this round', { err: error, chainId })
    }
  }
  return { seen, dropped }
}

/**
 * The address the first input spends from (THORChain's sender of a UTXO inbound): as the node gave it, else read
 * from the funding transaction; '' when it cannot be read.
 */
async function readSender(client: UtxoNodeClient, tx: UtxoNodeTx): Promise<string> {
  const first = tx.inputs[0]
  if (first?.address !== undefined) return first.address
  if (first?.txid === undefined || first.vout === undefined) return ''
  // the funding transaction is in the mempool, or in a block only a node with -txindex finds
  const funding = await client.getRawTransaction(first.txid).catch(() => undefined)
  return funding?.outputs.find((o) => o.n === first.vout)?.address ?? ''
}
