import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { fetchCrossTx } from '../../../lib/fetchCrossTx'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { getExplorerTxUrl } from '../../../lib/getExplorerTxUrl'
import { getOtherTokenDelivery } from '../../../lib/getOtherTokenDelivery'
import { useNow } from '../../../lib/useNow'
import { describeCrossRefund } from '../model/describeCrossRefund'
import { describeCrossStatus } from '../model/describeCrossStatus'
import { formatElapsed } from '../model/formatElapsed'
import { describeOfferTime } from '../model/labelOffers'
import { CrossRetryDelivery } from './CrossRetryDelivery'
import { DepositPaymentNotice } from './DepositPaymentNotice'

/** What the trade asked for on the destination chain, and that chain's token list (for decimals). */
interface CrossDestination {
  chainId: number
  chainName: string
  /** Who received there, when known: the "Finish the swap" link is for that wallet. */
  receiver: string | undefined
  /** A devnet chain's transactions have no public explorer page. */
  isDevnet: boolean
  token: { address: string; symbol: string; decimals: number }
  tokens: readonly { address: string; symbol: string; decimals: number }[]
}

/** Where the trade was paid: the source chain and the token paid (what a refund returns). */
interface CrossOrigin {
  chainId: number
  chainName: string
  isDevnet: boolean
  token: { symbol: string; decimals: number }
}

/** How a trade ended, for the history: delivered (with what arrived), refunded (with what came back), failed. */
export interface CrossSettled {
  delivered: boolean
  amountReceived: string | undefined
  /** Base units of the input returned on the source chain, when the trade was refunded. */
  refunded: string | undefined
}

/**
 * Follows a cross-chain trade by its origin transaction: polls `info/tx` every three seconds until it is
 * delivered or failed, and shows the stage, both transaction ids and what the receiver got. When the destination
 * swap failed and the receiver got the bridged token instead, it says so (which token, exactly how much) and
 * offers one action, "Finish the swap": the swap card on the destination chain from exactly that amount into the
 * token asked for. When the delivery failed on the destination (its compose ran out of gas, the bridged tokens
 * wait there), the trade needs action: "Retry delivery" sends it again from the wallet. A refunded trade reads "Refunded", apart from a failure, with the amount and token
 * returned on the source chain (in its own decimals) and the refund transaction, named as on that chain. Each
 * transaction links to its chain's public explorer where there is one (none on the devnet). While in flight a
 * timer counts from `timing.startedAtMs` beside the offer's estimate; once final it says how long it took.
 * `onSettled` is called once the trade is final.
 */
export function CrossProgress({
  txHash,
  origin,
  destination,
  timing,
  onSettled,
  onDone,
}: {
  txHash: string
  origin: CrossOrigin
  destination: CrossDestination
  /** When the trade was sent (ms) and the taken offer's time estimate (seconds), when known. */
  timing: { startedAtMs: number; estimateSec?: number }
  onSettled?: (settled: CrossSettled) => void
  onDone: () => void
}) {
  const tx = useQuery({
    queryKey: ['crossTx', txHash],
    queryFn: ({ signal }) => fetchCrossTx({ txHash, signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status
      return status === 'DELIVERED' || status === 'FAILED' ? false : 3_000
    },
  })
  const view = describeCrossStatus(tx.data)
  const status = tx.data?.status
  const refund = describeCrossRefund(tx.data, origin.token)
  // what a refund returned is not what the receiver got
  const amountReceived = refund === undefined ? (tx.data?.amountReceived ?? undefined) : undefined
  const refunded = refund?.amount
  const reported = useRef<string>(undefined)
  const nowMs = useNow(1_000)
  // when this view first saw the trade final: the timer stops there
  const [finishedAtMs, setFinishedAtMs] = useState<number>()
  const final = status === 'DELIVERED' || status === 'FAILED'
  useEffect(() => {
    if (final) setFinishedAtMs((at) => at ?? Date.now())
  }, [final])
  useEffect(() => {
    if ((status !== 'DELIVERED' && status !== 'FAILED') || reported.current === txHash) return
    reported.current = txHash
    onSettled?.({ delivered: status === 'DELIVERED', amountReceived, refunded })
  }, [txHash, status, amountReceived, refunded, onSettled])
  const stages = ['Sent', 'In flight', view.finalStage] as const

  const received = tx.data?.tokenReceived ?? destination.token.address
  const receivedToken =
    destination.tokens.find((t) => t.address.toLowerCase() === received.toLowerCase()) ??
    (received.toLowerCase() === destination.token.address.toLowerCase() ? destination.token : undefined)
  const otherToken =
    tx.data?.receivedDifferentTokens === true && tx.data.tokenReceived != null && amountReceived !== undefined
      ? getOtherTokenDelivery({
          chainId: destination.chainId,
          chainName: destination.chainName,
          tokenReceived: tx.data.tokenReceived,
          amountReceived,
          asked: destination.token,
          receiver: destination.receiver,
          tokens: destination.tokens,
        })
      : undefined
  return (
    <section aria-label="Cross-chain progress" className="space-y-3">
      <ol className="flex gap-2 text-xs">
        {stages.map((stage, index) => (
          <li
            key={stage}
            aria-current={index === view.stage ? 'step' : undefined}
            data-tone={index === 2 && view.stage === 2 ? view.tone : undefined}
            className={`flex-1 rounded-md px-2 py-1 text-center ${stageClass(index, view)}`}
          >
            {stage}
          </li>
        ))}
      </ol>
      <p
        role="status"
        className={`text-sm ${view.tone === 'danger' ? 'text-danger' : view.tone === 'success' ? 'text-success' : view.tone === 'refunded' ? 'font-semibold text-warn' : ''}`}
      >
        {view.label}
      </p>
      {view.detail !== undefined && <p className="text-xs text-muted">{view.detail}</p>}
      <DepositPaymentNotice payment={tx.data?.payment} />
      {otherToken !== undefined && (
        <p data-testid="cross-other-token" className="text-sm">
          {otherToken.text}
        </p>
      )}
      <p role="timer" aria-live="off" aria-label="Time" className="text-xs tabular-nums text-muted">
        {finishedAtMs === undefined
          ? `Elapsed ${formatElapsed(nowMs - timing.startedAtMs)}${timing.estimateSec === undefined ? '' : ` · usually ${describeOfferTime(timing.estimateSec)}`}`
          : `Took ${formatElapsed(finishedAtMs - timing.startedAtMs)}`}
      </p>
      <dl className="space-y-1 text-xs text-muted">
        <TxRow label="Origin transaction" chain={origin} txHash={txHash} />
        {refund !== undefined && (
          <div>
            <dt className="inline">Refunded on {origin.chainName}: </dt>
            <dd className="inline font-mono" data-testid="cross-refunded" data-amount={refund.amount}>
              {refund.text}
            </dd>
          </div>
        )}
        {refund?.txHash !== undefined && (
          <TxRow label={`Refund transaction on ${origin.chainName}`} chain={origin} txHash={refund.txHash} />
        )}
        {refund === undefined && tx.data?.dstTxHash != null && (
          <TxRow label="Destination transaction" chain={destination} txHash={tx.data.dstTxHash} />
        )}
        {amountReceived !== undefined && (
          <div>
            <dt className="inline">Received: </dt>
            <dd className="inline font-mono" data-testid="cross-received" data-amount={amountReceived}>
              {receivedToken === undefined
                ? `${amountReceived} base units of ${received}`
                : `${formatTokenAmount({ amount: BigInt(amountReceived), decimals: receivedToken.decimals })} ${receivedToken.symbol}`}
            </dd>
          </div>
        )}
      </dl>
      {view.action === 'retryDelivery' && (
        <CrossRetryDelivery txHash={txHash} chainName={destination.chainName} />
      )}
      {otherToken !== undefined && (
        <a
          href={otherToken.link}
          className="block rounded-lg bg-accent px-3 py-2 text-center text-sm font-semibold text-accent-fg"
        >
          Finish the swap
        </a>
      )}
      {view.stage === 2 && (
        <button type="button" onClick={onDone} className="rounded-lg border border-line px-3 py-2 text-sm">
          New trade
        </button>
      )}
    </section>
  )
}

/** The strip's colour of stage `index`: done stages in the accent, a refund's last stage in the warning tone. */
function stageClass(index: number, view: { stage: number; tone: string }): string {
  if (index > view.stage) return 'bg-surface text-muted'
  if (index === 2 && view.tone === 'refunded') return 'border border-warn bg-surface font-semibold text-fg'
  if (index === 2 && view.tone === 'danger') return 'border border-danger bg-surface font-semibold text-fg'
  return 'bg-accent text-accent-fg'
}

/** One transaction of the trade: its id, and a link to its chain's explorer where there is one. */
function TxRow({
  label,
  chain,
  txHash,
}: {
  label: string
  chain: { chainId: number; isDevnet: boolean }
  txHash: string
}) {
  const url = getExplorerTxUrl(chain, txHash)
  return (
    <div>
      <dt className="inline">{label}: </dt>
      <dd className="inline break-all font-mono">
        {url === undefined ? (
          txHash
        ) : (
          <a href={url} target="_blank" rel="noreferrer" className="underline">
            {txHash}
          </a>
        )}
      </dd>
    </div>
  )
}
