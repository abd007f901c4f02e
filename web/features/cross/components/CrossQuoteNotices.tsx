import type { CrossQuoteErrorView } from '../model/describeCrossQuoteError'

/**
 * What the offers' answer says when it lists none: still searching, the error of the last answer (with its
 * reasons; `errorId` lets the field at fault point at it) or that no offer pays exactly the typed amount.
 */
export function CrossQuoteNotices(props: {
  searching: boolean
  error: CrossQuoteErrorView | undefined
  errorId: string
  noExactOffer: boolean
}) {
  const { error } = props
  return (
    <>
      {props.searching && (
        <p role="status" className="text-sm text-muted">
          Finding offers…
        </p>
      )}
      {error !== undefined && (
        <div id={props.errorId} role="alert" className="text-sm text-danger" data-testid="cross-quote-error">
          <p>{error.message}</p>
          {error.reasons.map((reason) => (
            <p key={reason} className="text-xs">
              {reason}
            </p>
          ))}
        </div>
      )}
      {props.noExactOffer && (
        <p role="alert" className="text-sm text-danger">
          No offer pays exactly this amount: enter the amount to pay instead.
        </p>
      )}
    </>
  )
}
