import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ChainRecord } from '../../lib/api'
import { fetchCrossTx } from '../../lib/fetchCrossTx'
import { formatTokenAmount } from '../../lib/formatTokenAmount'
import { useNow } from '../../lib/useNow'
import type { DepositRecord } from './depositRecord'
import { describeDepositStatus } from './describeDepositStatus'
import { formatHistoryTime, HistoryDetail, HistoryRow, HistoryTxDetail, shortTxId } from './HistoryRow'

/**
 * One deposit trade (paid from a UTXO or Cosmos chain): while paid and in flight, `info/tx` resolves it to
 * Delivered, Failed or Refunded. Its detail names the deposit (address, memo), the receiver, the refund address
 * and the deposit transaction; an unpaid one that has not expired links back to its deposit view.
 */
export function DepositHistoryItem({
  record,
  chains,
  onUpdate,
}: {
  record: DepositRecord
  chains: readonly ChainRecord[]
  onUpdate: (update: Partial<DepositRecord> & Pick<DepositRecord, 'id'>) => void
}) {
  const source = chains.find((c) => c.chainId === record.chainId)
  const destination = chains.find((c) => c.chainId === record.toChainId)
  const txHash = record.txHash
  const crossTx = useQuery({
    queryKey: ['crossTx', txHash],
    queryFn: ({ signal }) => fetchCrossTx({ txHash: txHash ?? '', signal }),
    enabled: record.status === 'pending' && txHash !== undefined,
    retry: false,
    refetchInterval: 5_000,
  })
  const status = crossTx.data?.status
  const amountReceived = crossTx.data?.amountReceived ?? undefined
  const refunded = crossTx.data?.refunded === true
  useEffect(() => {
    if (record.status !== 'pending') return
    if (status === 'DELIVERED' && amountReceived !== undefined)
      onUpdate({ id: record.id, status: 'success', received: amountReceived })
    else if (status === 'FAILED')
      onUpdate({
        id: record.id,
        status: 'failed',
        ...(refunded && amountReceived !== undefined ? { refunded: amountReceived } : {}),
      })
  }, [record.id, record.status, status, amountReceived, refunded, onUpdate])
  const nowSec = Math.floor(useNow(record.status === 'awaiting' ? 1_000 : 60_000) / 1000)
  const view = describeDepositStatus(record, nowSec)
  const sourceName = source?.name ?? String(record.chainId)
  const destinationName = destination?.name ?? String(record.toChainId)
  const amount = (value: string, token: { decimals: number; symbol: string }) =>
    `${formatTokenAmount({ amount: BigInt(value), decimals: token.decimals })} ${token.symbol}`
  return (
    <HistoryRow
      title={
        <>
          {amount(record.deposit.amount, record.from)}
          {' → '}
          {record.refunded === undefined
            ? `${record.received === undefined ? '≈ ' : ''}${amount(record.received ?? record.quotedOut, record.to)}`
            : `${record.to.symbol}, refunded ${amount(record.refunded, record.from)}`}
        </>
      }
      meta={`${sourceName} → ${destinationName} · ${formatHistoryTime(record.createdAtMs)} · ${txHash === undefined ? 'deposit not sent' : shortTxId(txHash)}`}
      status={view}
    >
      {txHash !== undefined && (
        <HistoryTxDetail term={`Deposit transaction on ${sourceName}`} chain={source} txHash={txHash} />
      )}
      <HistoryDetail term="Deposit address">{record.deposit.address}</HistoryDetail>
      {record.deposit.memoless === undefined ? (
        <HistoryDetail term="Memo">{record.deposit.memo}</HistoryDetail>
      ) : (
        <HistoryDetail term="Memo">{`none: the amount carries reference ${record.deposit.memoless.reference} of ${record.deposit.memoless.memo}`}</HistoryDetail>
      )}
      <HistoryDetail term={`Receiver on ${destinationName}`}>{record.receiver}</HistoryDetail>
      <HistoryDetail term={`Refund address on ${sourceName}`}>{record.refundAddress}</HistoryDetail>
      {record.received !== undefined && (
        <HistoryDetail term="Received">{amount(record.received, record.to)}</HistoryDetail>
      )}
      {crossTx.data?.payment !== undefined && (
        <HistoryDetail term="Deposit paid">{`${crossTx.data.payment.note.charAt(0).toUpperCase()}${crossTx.data.payment.note.slice(1)}`}</HistoryDetail>
      )}
      {view.label === 'Awaiting deposit' && (
        <div>
          <dt className="sr-only">Deposit</dt>
          <dd>
            <a
              href={`/?chain=${record.chainId}&toChain=${record.toChainId}`}
              onClick={() => onUpdate({ id: record.id, dismissed: false })}
              className="inline-block rounded-lg border border-line px-2 py-1 font-medium text-fg underline"
            >
              Open the deposit
            </a>
          </dd>
        </div>
      )}
    </HistoryRow>
  )
}
