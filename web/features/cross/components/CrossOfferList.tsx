import type { ChainRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import type { CrossQuote } from '../api/crossQuote'
import type { CrossToken } from '../model/CrossToken'
import { describeOfferFee } from '../model/describeOfferFee'
import { describeOfferRoute } from '../model/describeOfferRoute'
import { describeOfferTime } from '../model/labelOffers'

/**
 * Every provider's offer as a radio: its name and labels (cheapest, fastest), its route, time and fee, and what
 * arrives with its USD value. Picking one calls `onPick` with its index.
 */
export function CrossOfferList(props: {
  offers: readonly CrossQuote[]
  labels: readonly (readonly string[])[]
  picked: CrossQuote | undefined
  onPick: (index: number) => void
  source: ChainRecord
  destination: ChainRecord
  to: CrossToken
}) {
  const { source, destination, to } = props
  return (
    <fieldset className="space-y-2">
      <legend className="text-xs font-medium text-muted">Offers</legend>
      {props.offers.map((q, index) => {
        const route = describeOfferRoute(q.route, source.name, destination.name)
        const usd = formatUsd({ value: q.toAmountUsd })
        return (
          <label
            key={`${q.tradeProtocol}:${q.transactionData.provider}:${q.dstTrade.toTokenAmount}`}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-line p-2 text-sm has-[:checked]:border-accent"
          >
            <input
              type="radio"
              name="cross-offer"
              checked={props.picked === q}
              onChange={() => props.onPick(index)}
            />
            <span className="flex-1">
              <span className="font-semibold">{q.providerInfo.name}</span>
              {props.labels[index]?.map((label) => (
                <span
                  key={label}
                  className="ml-2 rounded-full border border-accent px-1.5 text-xs font-medium text-accent"
                >
                  {label}
                </span>
              ))}
              {route !== undefined && <span className="block text-xs text-muted">{route}</span>}
              <span className="block text-xs text-muted">
                {describeOfferTime(q.processingTime)} · fee{' '}
                {describeOfferFee(q.nativeFee, source.nativeCurrency.symbol)}
              </span>
            </span>
            <span className="text-right tabular-nums">
              {formatTokenAmount({
                amount: BigInt(q.dstTrade.toTokenAmount),
                decimals: to.decimals,
                roundingMode: 'trunc',
              })}{' '}
              {to.symbol}
              {usd !== undefined && <span className="block text-xs text-muted">≈ {usd}</span>}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
