import { type ReactNode, useState } from 'react'
import type { Hex } from 'viem'
import { Dialog } from '../../../components/Dialog'
import { getPriceImpactLevel, isPriceImpactConfirmed, PriceImpactConfirm } from '../../swap'
import type { CrossQuote } from '../api/crossQuote'
import type { CrossToken } from '../model/CrossToken'
import { CrossSendFooter } from './CrossSendFooter'

const buttonClass = (danger: boolean) =>
  `w-full rounded-xl px-4 py-3 font-semibold disabled:cursor-not-allowed disabled:bg-line disabled:text-muted ${danger ? 'bg-danger text-danger-fg' : 'bg-accent text-accent-fg'}`

/**
 * The review of a cross-chain offer before anything is sent, as the single-chain review: the price-impact gate
 * first (typed confirmation when high), both amounts with USD, the cost details, then the steps and the button
 * (an EVM source: approval when needed and the trade, sent from here; a deposit source: the deposit address, and,
 * where the offer allows it, a deposit without a memo that any wallet can pay).
 */
export function CrossReviewDialog(props: {
  offer: CrossQuote
  chainId: number
  from: CrossToken
  toSymbol: string
  exactOut: boolean
  /** Percent; undefined when unpriced. */
  priceImpact: number | undefined
  amounts: { term: string; text: string; usd: string | undefined }[]
  details: ReactNode
  /** The source is an EVM chain: the wallet sends it; otherwise a deposit pays it. */
  evm: boolean
  onSent: (hash: Hex) => void
  /** Asks the deposit: with its memo, or (`memoless`) without one, the amount carrying it. */
  onDeposit: (memoless: boolean) => void
  depositBusy: boolean
  onClose: () => void
}) {
  const [typed, setTyped] = useState('')
  const impact = props.priceImpact ?? 0
  const confirmed = isPriceImpactConfirmed({ percent: impact, typed })
  const danger = getPriceImpactLevel(impact) === 'high'
  return (
    <Dialog open title="Review cross-chain swap" onClose={props.onClose}>
      <div className="space-y-4">
        <PriceImpactConfirm percent={impact} typed={typed} onTypedChange={setTyped} />
        <dl className="space-y-1">
          {props.amounts.map((row) => (
            <div key={row.term} className="rounded-xl bg-surface px-3 py-2">
              <dt className="text-xs font-medium text-muted">{row.term}</dt>
              <dd className="text-lg font-semibold tabular-nums">{row.text}</dd>
              {row.usd !== undefined && <dd className="text-xs text-muted tabular-nums">{row.usd}</dd>}
            </div>
          ))}
        </dl>
        {props.details}
        <div className="sticky -bottom-4 -mx-4 -mb-4 space-y-2 border-t border-line bg-card px-4 py-3">
          {props.evm ? (
            <CrossSendFooter
              chainId={props.chainId}
              offer={props.offer}
              from={props.from}
              exactOut={props.exactOut}
              symbols={{ from: props.from.symbol, to: props.toSymbol }}
              confirmed={confirmed}
              buttonClass={buttonClass(danger)}
              onSent={props.onSent}
            />
          ) : (
            <>
              <button
                type="button"
                disabled={!confirmed || props.depositBusy}
                onClick={() => props.onDeposit(false)}
                className={buttonClass(danger)}
              >
                {props.depositBusy ? 'Preparing…' : 'Get deposit address'}
              </button>
              {props.offer.memoless && (
                <>
                  <button
                    type="button"
                    disabled={!confirmed || props.depositBusy}
                    onClick={() => props.onDeposit(true)}
                    aria-describedby="memoless-note"
                    className="w-full rounded-xl border border-line px-4 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:text-muted"
                  >
                    Pay from any wallet (no memo)
                  </button>
                  <p id="memoless-note" className="text-xs text-muted">
                    For a wallet that cannot write a memo: the amount's last digits tell the network your
                    swap.
                  </p>
                </>
              )}
            </>
          )}
        </div>
      </div>
    </Dialog>
  )
}
