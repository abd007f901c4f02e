import { useInfiniteQuery } from '@tanstack/react-query'
import { Suspense, useEffect } from 'react'
import type { ChainRecord } from '../../lib/api'
import { GaslessHistory } from '../gasless'
import { useWalletAccount } from '../walletSession'
import { addressHistoryQueryOptions } from './api/addressHistoryQueryOptions'
import { getHistoryCsvUrl } from './api/getHistoryCsvUrl'
import { applyServerHistory } from './applyServerHistory'
import { DepositHistoryItem } from './DepositHistoryItem'
import { findServerSettlements } from './findServerSettlements'
import { HistoryItem } from './HistoryItem'
import { joinHistoryPages } from './joinHistoryPages'
import { mergeHistory } from './mergeHistory'
import { ServerHistoryItem } from './ServerHistoryItem'
import { useDepositHistory } from './useDepositHistory'
import { useSwapHistory } from './useSwapHistory'

/** The most items the server's history answers per page. */
const serverPageMax = 100

/**
 * The account's recent trades, newest first (at most `limit`), with their status: the connected account's
 * swaps and cross-chain trades as the server recorded them from the chains (so every browser and device shows
 * them) joined with this browser's own records (`applyServerHistory`), and every deposit trade of this browser
 * (paid from a UTXO or Cosmos chain, so with or without a wallet connected). `csvLink` adds a link to the
 * account's history as CSV; `loadMore` a "Load more" button that reads the server's next page (its
 * `nextCursor`) and shows `limit` more rows.
 */
export function HistoryPanel({
  chains,
  limit,
  csvLink = false,
  loadMore = false,
}: {
  chains: readonly ChainRecord[]
  limit: number
  csvLink?: boolean
  loadMore?: boolean
}) {
  const { address } = useWalletAccount()
  const { records, upsert } = useSwapHistory(address)
  const deposits = useDepositHistory()
  const server = useInfiniteQuery({
    ...addressHistoryQueryOptions({ address: address ?? '', limit: Math.min(limit, serverPageMax) }),
    enabled: address !== undefined,
  })
  const pages = joinHistoryPages(server.data?.pages, limit)
  // without the server (not answered yet, or down) the browser's own records still show
  const joined = applyServerHistory({
    records,
    items: address === undefined ? [] : pages.items,
  })
  // a settlement the server saw is stored, so the swap card's swaps in flight read it as well
  const settlements = findServerSettlements({ local: records, joined: joined.records })
  useEffect(() => {
    for (const update of settlements) upsert(update)
  }, [settlements, upsert])
  const rows = mergeHistory({
    swaps: joined.records,
    deposits: deposits.records,
    server: joined.serverOnly,
    limit: pages.shownLimit,
  })
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
            row.kind === 'server' ? (
              <ServerHistoryItem key={row.record.id} item={row.record} chains={chains} />
            ) : row.kind === 'deposit' ? (
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
      {loadMore && address !== undefined && server.hasNextPage && (
        <button
          type="button"
          onClick={() => void server.fetchNextPage()}
          disabled={server.isFetchingNextPage}
          className="mt-2 rounded-lg border border-line px-3 py-1 text-sm disabled:opacity-50"
        >
          {server.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}
      {csvLink && address !== undefined && (
        <p className="mt-2 text-sm">
          <a href={getHistoryCsvUrl({ address })} download className="underline">
            Download CSV
          </a>
        </p>
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
