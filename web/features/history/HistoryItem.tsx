import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { fetchCrossTx } from '../../lib/fetchCrossTx'
import { formatTokenAmount } from '../../lib/formatTokenAmount'
import { useWalletSession } from '../walletSession'
import { describeApprovalRecord } from './describeApprovalRecord'
import { describeRecordStatus } from './describeRecordStatus'
import { tradeQueryOptions } from './fetchTrade'
import type { SwapRecord } from './swapRecord'

const statusStyles = {
  pending: 'bg-line text-fg',
  success: 'bg-accent text-accent-fg',
  failed: 'bg-danger/15 text-danger',
  refunded: 'border border-warn text-fg',
} as const

/**
 * One recorded swap, approval or cross-chain trade; while pending, its receipt (for a swap the indexed trade, for
 * a cross-chain trade `info/tx` until DELIVERED or FAILED) resolves the status and received amount. A refunded
 * cross-chain trade reads Refunded, with the amount returned on the source chain.
 */
export function HistoryItem({
  record,
  chainName,
  onUpdate,
}: {
  record: SwapRecord
  /** The chain's name, or "source → destination" for a cross-chain trade. */
  chainName: string
  onUpdate: (update: Partial<SwapRecord> & Pick<SwapRecord, 'chainId' | 'hash'>) => void
}) {
  const cross = record.kind === 'cross'
  const unresolved =
    record.status === 'pending' || (record.status === 'success' && record.received === undefined)
  const wallet = useWalletSession()
  const receipt = useQuery({
    queryKey: ['transactionReceipt', record.chainId, record.hash],
    queryFn:
      wallet === undefined
        ? skipToken
        : () =>
            wallet.kit.getTransactionReceipt(wallet.config, { hash: record.hash, chainId: record.chainId }),
    enabled: record.status === 'pending',
    refetchInterval: (q) => (q.state.data ? false : 3_000),
  })
  const approval = describeApprovalRecord(record)
  const trade = useQuery({
    ...tradeQueryOptions({ chainId: record.chainId, hash: record.hash }),
    enabled: unresolved && approval === undefined && !cross,
  })
  const crossTx = useQuery({
    queryKey: ['crossTx', record.hash],
    queryFn: ({ signal }) => fetchCrossTx({ txHash: record.hash, signal }),
    enabled: cross && record.status === 'pending',
    retry: false,
    refetchInterval: 5_000,
  })
  const receiptStatus = receipt.data?.status
  const tradeData = trade.data
  const crossStatus = crossTx.data?.status
  const crossReceived = crossTx.data?.amountReceived ?? undefined
  const crossRefunded = crossTx.data?.refunded === true
  useEffect(() => {
    if (receiptStatus === 'reverted' && record.status !== 'failed')
      onUpdate({ chainId: record.chainId, hash: record.hash, status: 'failed' })
    else if (cross) {
      // a cross-chain trade is done when it arrives, not when its origin transaction is mined
      if (crossStatus === 'DELIVERED' && crossReceived !== undefined)
        onUpdate({ chainId: record.chainId, hash: record.hash, status: 'success', received: crossReceived })
      else if (crossStatus === 'FAILED')
        onUpdate({
          chainId: record.chainId,
          hash: record.hash,
          status: 'failed',
          // a refund's amountReceived is the input returned on the source chain
          ...(crossRefunded && crossReceived !== undefined ? { refunded: crossReceived } : {}),
        })
    } else if (tradeData !== undefined && record.received === undefined)
      onUpdate({
        chainId: record.chainId,
        hash: record.hash,
        status: tradeData.status === 1 ? 'success' : 'failed',
        received: tradeData.tokensReceived,
      })
    else if (receiptStatus === 'success' && record.status === 'pending')
      onUpdate({ chainId: record.chainId, hash: record.hash, status: 'success' })
  }, [receiptStatus, tradeData, cross, crossStatus, crossReceived, crossRefunded, record, onUpdate])

  const out = BigInt(record.received ?? record.quotedOut)
  const status = describeRecordStatus(record)
  return (
    <li className="flex items-center justify-between gap-3 border-t border-line py-2 text-sm first:border-t-0">
      <span className="min-w-0 flex-1">
        <span className="block break-words font-medium tabular-nums">
          {approval ?? (
            <>
              {formatTokenAmount({ amount: BigInt(record.amountIn), decimals: record.from.decimals })}{' '}
              {record.from.symbol}
              {' → '}
              {record.refunded === undefined ? (
                <>
                  {record.received === undefined ? '≈ ' : ''}
                  {formatTokenAmount({ amount: out, decimals: record.to.decimals })} {record.to.symbol}
                </>
              ) : (
                <>
                  {record.to.symbol}, refunded{' '}
                  {formatTokenAmount({ amount: BigInt(record.refunded), decimals: record.from.decimals })}{' '}
                  {record.from.symbol}
                </>
              )}
            </>
          )}
        </span>
        <span className="block text-xs text-muted">
          {chainName} ·{' '}
          {new Date(record.createdAtMs).toLocaleString(undefined, {
            dateStyle: 'medium',
            timeStyle: 'short',
          })}{' '}
          ·{' '}
          <code
            title={record.hash}
            className="font-mono"
          >{`${record.hash.slice(0, 8)}…${record.hash.slice(-6)}`}</code>
        </span>
      </span>
      <span
        className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[status.tone]}`}
      >
        {status.label}
      </span>
    </li>
  )
}
