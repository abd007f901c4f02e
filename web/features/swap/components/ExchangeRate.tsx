import { useState } from 'react'
import { computeExchangeRate } from '../model/computeExchangeRate'
import { formatExchangeRate } from '../model/formatExchangeRate'
import type { SingleQuote } from '../types'

/** The chosen quote's rate as "1 ETH = 3,004.46 USDC"; pressing it shows the inverse rate. */
export function ExchangeRate({ quote }: { quote: SingleQuote }) {
  const [inverted, setInverted] = useState(false)
  const [base, counter] = inverted ? [quote.tokenTo, quote.tokenFrom] : [quote.tokenFrom, quote.tokenTo]
  const [amountIn, amountOut] = inverted
    ? [quote.toTokenAmount, quote.fromTokenAmount]
    : [quote.fromTokenAmount, quote.toTokenAmount]
  const rate = computeExchangeRate({
    amountIn: BigInt(amountIn),
    decimalsIn: base.decimals,
    amountOut: BigInt(amountOut),
    decimalsOut: counter.decimals,
  })
  if (rate === undefined) return null
  const text = `1 ${base.symbol} = ${formatExchangeRate({ rate })} ${counter.symbol}`
  return (
    <button
      type="button"
      onClick={() => setInverted(!inverted)}
      aria-label={`Rate: ${text}. Show the rate per ${counter.symbol}`}
      className="max-w-full truncate rounded-md px-1 text-left text-xs font-medium text-muted tabular-nums hover:text-fg"
    >
      {text}
    </button>
  )
}
