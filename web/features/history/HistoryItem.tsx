import { skipToken, useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ChainRecord } from '../../lib/api'
import { fetchCrossTx } from '../../lib/fetchCrossTx'
import { formatTokenAmount } from '../../lib/formatTokenAmount'
import { useWalletSession } from '../walletSession'
import { describeApprovalRecord } from './describeApprovalRecord'
import { describeRecordStatus } from './describeRecordStatus'
import { tradeQueryOptions } from './fetchTrade'
import { formatHistoryTime, HistoryDetail, HistoryRow, HistoryTxDetail, shortTxId } from './HistoryRow'
import { OtherTokenDelivery } from './OtherTokenDelivery'
import type { SwapRecord } from './swapRecord'

/**
 * One recorded swap, approval or cross-chain trade; while pending, its receipt (for a swap the indexed trade, for
 * a cross-chain trade `info/tx` until DELIVERED or FAILED) resolves the status and received amount. A refunded
 * cross-chain trade reads Refunded, with the amount returned on the source chain; one whose delivery failed on the
 * destination and waits for a retry reads Needs action, and says where to retry it.
 */
export function HistoryItem({
  record,
  chainName,
  chains,
  onUpdate,
}: {
  record: SwapRecord
  /** Every chain, for the names and explorers of the record's chains. */
  chains: readonly ChainRecord[]
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
  // the delivery failed on the destination and waits there for a retry (the cross-chain card offers it)
  const needsRetry = record.status === 'pending' && crossTx.data?.subStatus === 'COMPOSE_FAILED'
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
  const source = chains.find((c) => c.chainId === record.chainId)
  const destination =
    record.toChainId === undefined ? undefined : chains.find((c) => c.chainId === record.toChainId)
  return (
    <HistoryRow
      title={
        approval ?? (
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
        )
      }
      meta={`${chainName} · ${formatHistoryTime(record.createdAtMs)} · ${shortTxId(record.hash)}`}
      status={describeRecordStatus(record, { needsAction: needsRetry })}
    >
      <HistoryTxDetail
        term={`Transaction on ${source?.name ?? record.chainId}`}
        chain={source}
        txHash={record.hash}
      />
      {destination !== undefined && destination.chainId !== record.chainId && (
        <HistoryDetail term="Delivered to">{destination.name}</HistoryDetail>
      )}
      {needsRetry && (
        <HistoryDetail term="Delivery failed">
          Your tokens wait on {destination?.name ?? 'the destination chain'}: open the cross-chain swap of
          this pair and choose Retry delivery.
        </HistoryDetail>
      )}
      {record.received !== undefined && approval === undefined && (
        <HistoryDetail term="Received">
          {formatTokenAmount({ amount: BigInt(record.received), decimals: record.to.decimals })}{' '}
          {record.to.symbol}
        </HistoryDetail>
      )}
      {record.receivedOther !== undefined && destination !== undefined && (
        <OtherTokenDelivery
          chainId={destination.chainId}
          chainName={destination.name}
          listed={destination.family === 'evm'}
          tokenReceived={record.receivedOther.token}
          amountReceived={record.receivedOther.amount}
          asked={record.to}
          receiver={record.receivedOther.receiver}
        />
      )}
    </HistoryRow>
  )
}
