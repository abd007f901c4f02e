import type { TokenRecord } from '../../../lib/api'
import { isSameAddress } from '../../../lib/isSameAddress'

/**
 * A warning for each chosen fee-on-transfer token (`transferFeeBps > 0`): the token itself takes a share of
 * every transfer, so less arrives than is sent and the trade needs more slippage.
 */
export function FeeOnTransferNotes({ tokens }: { tokens: readonly (TokenRecord | undefined)[] }) {
  const taxed = tokens.filter(
    (token, index): token is TokenRecord =>
      token !== undefined &&
      token.transferFeeBps > 0 &&
      tokens.findIndex((other) => other !== undefined && isSameAddress(other.address, token.address)) ===
        index,
  )
  if (taxed.length === 0) return null
  return (
    <div className="mt-3 space-y-2">
      {taxed.map((token) => (
        <p key={token.address} role="note" className="rounded-lg border border-danger/40 p-3 text-sm">
          <span className="font-semibold text-danger">
            {token.symbol} is a fee-on-transfer token ({token.transferFeeBps / 100}% per transfer).
          </span>{' '}
          The token keeps part of every transfer, so less arrives than is sent; auto slippage allows for it.
        </p>
      ))}
    </div>
  )
}
