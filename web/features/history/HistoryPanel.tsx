import { Suspense } from 'react'
import type { ChainRecord } from '../../lib/api'
import { GaslessHistory } from '../gasless'
import { useWalletAccount } from '../walletSession'
import { DepositHistoryItem } from './DepositHistoryItem'
import { HistoryItem } from './HistoryItem'
import { mergeHistory } from './mergeHistory'
import { useDepositHistory } from './useDepositHistory'
import { useSwapHistory } from './useSwapHistory'

/**
 * This browser's recent trades, newest first (at most `limit`), with their status: the connected account's
 * swaps and cross-chain trades, and every deposit trade (paid from a UTXO or Cosmos chain, so with or without a
 * wallet connected).
 */
export function HistoryPanel({ chains, limit }: { chains: readonly ChainRecord[]; limit: number }) {
  const { address } = useWalletAccount()
  const { records, upsert } = useSwapHistory(address)
  const deposits = useDepositHistory()
  const rows = mergeHistory({ swaps: records, deposits: deposits.records, limit })
  return (
    <section
      aria-labelledby="history-heading"
      className="rounded-2xl border border-line bg-card p-4 shadow-sm"
    >
      <h2 id="history-heading" className="mb-2 text-base font-semibold">
        Recent swaps
      </h2>
      {rows.length > 0 && (
        <ul aria-label="Recent swaps">
          {rows.map((row) =>
            row.kind === 'deposit' ? (
              <DepositHistoryItem
                key={`deposit-${row.record.id}`}
                record={row.record}
                chains={chains}
                onUpdate={deposits.upsert}
              />
            ) : (
              <HistoryItem
                key={`${row.record.chainId}-${row.record.hash}`}
                record={row.record}
                chains={chains}
                chainName={
                  row.record.toChainId === undefined || row.record.toChainId === row.record.chainId
                    ? nameOf(chains, row.record.chainId)
                    : `${nameOf(chains, row.record.chainId)} → ${nameOf(chains, row.record.toChainId)}`
                }
                onUpdate={upsert}
              />
            ),
          )}
        </ul>
      )}
      {address === undefined ? (
        <p className="text-sm text-muted">
          {rows.length === 0
            ? 'Connect a wallet to see your swaps.'
            : 'Connect a wallet to see its swaps too.'}
        </p>
      ) : (
        rows.length === 0 && <p className="text-sm text-muted">No swaps yet.</p>
      )}
      {address !== undefined && (
        // its orders come from a fetch too: nothing is drawn until they are in
        <Suspense fallback={null}>
          <GaslessHistory address={address} chains={chains} limit={limit} />
        </Suspense>
      )}
    </section>
  )
}

const nameOf = (chains: readonly ChainRecord[], chainId: number) =>
  chains.find((c) => c.chainId === chainId)?.name ?? String(chainId)
