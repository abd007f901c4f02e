import type { ChainRecord } from '../../lib/api'
import { GaslessHistory } from '../gasless'
import { useWalletAccount } from '../walletSession'
import { HistoryItem } from './HistoryItem'
import { useSwapHistory } from './useSwapHistory'

/** The connected account's recent swaps from this browser, newest first (at most `limit`), with their status. */
export function HistoryPanel({ chains, limit }: { chains: readonly ChainRecord[]; limit: number }) {
  const { address } = useWalletAccount()
  const { records, upsert } = useSwapHistory(address)
  return (
    <section
      aria-labelledby="history-heading"
      className="rounded-2xl border border-line bg-card p-4 shadow-sm"
    >
      <h2 id="history-heading" className="mb-2 text-base font-semibold">
        Recent swaps
      </h2>
      {address === undefined ? (
        <p className="text-sm text-muted">Connect a wallet to see your swaps.</p>
      ) : records.length === 0 ? (
        <p className="text-sm text-muted">No swaps yet.</p>
      ) : (
        <ul aria-label="Recent swaps">
          {records.slice(0, limit).map((record) => (
            <HistoryItem
              key={`${record.chainId}-${record.hash}`}
              record={record}
              chainName={
                record.toChainId === undefined || record.toChainId === record.chainId
                  ? nameOf(chains, record.chainId)
                  : `${nameOf(chains, record.chainId)} → ${nameOf(chains, record.toChainId)}`
              }
              onUpdate={upsert}
            />
          ))}
        </ul>
      )}
      {address !== undefined && <GaslessHistory address={address} chains={chains} limit={limit} />}
    </section>
  )
}

const nameOf = (chains: readonly ChainRecord[], chainId: number) =>
  chains.find((c) => c.chainId === chainId)?.name ?? String(chainId)
