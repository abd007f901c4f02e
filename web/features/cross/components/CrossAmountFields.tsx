import type { ChainRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { AmountMeta } from '../../swap'
import type { CrossQuote } from '../api/crossQuote'
import type { CrossToken } from '../model/CrossToken'
import type { CrossAmountSide } from '../model/getCrossFieldTexts'
import { getOfferPriceImpact } from '../model/getOfferPriceImpact'
import { CrossTokenButton } from './CrossTokenButton'

const amountClass = 'min-w-0 flex-1 bg-transparent text-2xl font-semibold tabular-nums outline-none'

/**
 * The two amounts: what is paid on the source (with the balance and Max on an EVM source) and what arrives on
 * the destination, typed for an exact output where offered (`exactOutOffered`), else the picked offer's output.
 * The field not typed in is busy while offers load; USD values show only for the amount on screen (`current`).
 */
export function CrossAmountFields(props: {
  source: ChainRecord
  destination: ChainRecord
  from: CrossToken
  to: CrossToken
  fields: { pay: string; receive: string }
  side: CrossAmountSide
  fetching: boolean
  onType: (side: CrossAmountSide, text: string) => void
  onPickToken: (side: 'from' | 'to') => void
  balance: bigint | undefined
  onMax: () => void
  offer: CrossQuote | undefined
  current: boolean
  exactOutOffered: boolean
}) {
  const { source, destination, from, to, offer, side, fetching } = props
  const sourceEvm = source.family === 'evm'
  const usdOf = (value: number | null | undefined) => (props.current ? formatUsd({ value }) : undefined)
  return (
    <>
      <div className="rounded-xl border border-line bg-surface p-3">
        <label htmlFor="cross-amount" className="text-xs font-medium text-muted">
          You pay on {source.name}
        </label>
        <div className="mt-1 flex items-center gap-2">
          <input
            id="cross-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            value={props.fields.pay}
            onChange={(event) => props.onType('in', event.target.value)}
            aria-busy={side === 'out' && fetching}
            className={amountClass}
          />
          <CrossTokenButton
            side="from"
            token={from}
            evm={sourceEvm}
            onOpen={() => props.onPickToken('from')}
          />
        </div>
        <AmountMeta
          token={from}
          balance={sourceEvm ? props.balance : undefined}
          usdFormatted={usdOf(offer?.fromAmountUsd)}
          onMax={props.onMax}
        />
      </div>
      <div className="rounded-xl border border-line bg-surface p-3">
        {props.exactOutOffered ? (
          <label htmlFor="cross-receive" className="text-xs font-medium text-muted">
            You receive on {destination.name} (type to receive exactly this)
          </label>
        ) : (
          <p className="text-xs font-medium text-muted">You receive on {destination.name}</p>
        )}
        <div className="mt-1 flex items-center gap-2">
          {props.exactOutOffered ? (
            <input
              id="cross-receive"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0"
              value={props.fields.receive}
              onChange={(event) => props.onType('out', event.target.value)}
              aria-busy={side === 'in' && fetching}
              className={amountClass}
            />
          ) : (
            <output
              aria-label="Amount received"
              className="min-w-0 flex-1 text-2xl font-semibold tabular-nums"
            >
              {offer === undefined
                ? '0'
                : formatTokenAmount({
                    amount: BigInt(offer.dstTrade.toTokenAmount),
                    decimals: to.decimals,
                    roundingMode: 'trunc',
                  })}
            </output>
          )}
          <CrossTokenButton
            side="to"
            token={to}
            evm={destination.family === 'evm'}
            onOpen={() => props.onPickToken('to')}
          />
        </div>
        <AmountMeta
          token={to}
          balance={undefined}
          usdFormatted={usdOf(offer?.toAmountUsd)}
          priceImpact={getOfferPriceImpact(offer)}
        />
      </div>
    </>
  )
}
