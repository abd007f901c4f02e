import { ChevronDown } from 'lucide-react'
import { useId } from 'react'
import { TokenIcon } from '../../../components/TokenIcon'
import type { TokenRecord } from '../../../lib/api'
import { getAmountFontClass } from '../model/getAmountFontClass'
import { AmountMeta } from './AmountMeta'

export interface AmountFieldProps {
  label: string
  token: TokenRecord | undefined
  value: string
  onChange: (text: string) => void
  onSelectToken: () => void
  /** Called on the token button's hover or focus, before a click may open the token list (to load it ahead). */
  onPrepareSelectToken?: () => void
  balance: bigint | undefined
  usdFormatted: string | undefined
  onMax?: (() => void) | undefined
  busy?: boolean
  /** The value comes from a quote that could not be refreshed: shown greyed. */
  outdated?: boolean
  /** Price impact of the quote in percent, shown beside the USD value when above 1% (receive side). */
  priceImpact?: number | undefined
  /** The amount cannot be typed (the widget fixes it, or offers no exact output). */
  readOnly?: boolean
  /** The token cannot be changed (the widget fixes the pair): shown without the change button. */
  tokenLocked?: boolean
}

/** One side of the swap: labelled decimal input, token button, balance with an optional max button, USD value. */
export function AmountField(props: AmountFieldProps) {
  const { label, token, value, onChange, onSelectToken, balance, usdFormatted, onMax, busy, priceImpact } =
    props
  const outdated = props.outdated === true
  const id = useId()
  return (
    <div className="rounded-xl border border-line bg-surface p-3 has-[input:focus-visible]:border-accent has-[input:focus-visible]:ring-1 has-[input:focus-visible]:ring-accent">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {label}
      </label>
      <div className="mt-1 flex items-center gap-2">
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          placeholder="0"
          value={value}
          aria-busy={busy === true}
          readOnly={props.readOnly === true}
          onChange={(event) => onChange(event.target.value)}
          className={`min-w-0 flex-1 bg-transparent ${getAmountFontClass(value.length)} font-semibold tabular-nums outline-none placeholder:text-muted ${busy === true ? 'animate-pulse opacity-60' : ''} ${outdated ? 'text-muted line-through' : ''}`}
        />
        <button
          type="button"
          onClick={onSelectToken}
          onPointerEnter={props.onPrepareSelectToken}
          onFocus={props.onPrepareSelectToken}
          disabled={props.tokenLocked === true}
          aria-label={
            token === undefined ? `${label}: select token` : `${label}: ${token.symbol}, change token`
          }
          className="inline-flex shrink-0 items-center gap-2 rounded-full border border-line bg-card px-3 py-1.5 text-sm font-semibold hover:border-accent disabled:hover:border-line"
        >
          {token === undefined ? (
            'Select token'
          ) : (
            <>
              <TokenIcon symbol={token.symbol} logo={token.logo} size={20} />
              {token.symbol}
            </>
          )}
          {props.tokenLocked !== true && <ChevronDown aria-hidden="true" className="h-4 w-4" />}
        </button>
      </div>
      <AmountMeta
        token={token}
        balance={balance}
        usdFormatted={usdFormatted}
        priceImpact={priceImpact}
        onMax={onMax}
      />
    </div>
  )
}
