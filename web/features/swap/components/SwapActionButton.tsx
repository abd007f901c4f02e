import type { SwapAction } from '../model/getSwapAction'
import type { WrapKind } from '../model/getWrapKind'

/**
 * The card's main button; its label says what is missing or what happens next. A needed approval is part of the
 * review's steps, so it opens the review too.
 */
export function SwapActionButton({
  action,
  fromSymbol,
  chainName,
  onConnect,
  onSwitch,
  onReview,
  switching = false,
  wrapKind,
  highImpact = false,
}: {
  action: SwapAction
  fromSymbol: string
  chainName: string
  onConnect: () => void
  onSwitch: () => void
  onReview: () => void
  /** A network switch request is open in the wallet. */
  switching?: boolean
  /** The quote converts native to its wrapped token or back: the button says "Wrap" / "Unwrap". */
  wrapKind?: WrapKind
  /** The quote's price impact needs the typed confirmation: the review button is red before the review says why. */
  highImpact?: boolean
}) {
  const reviewLabel = wrapKind === 'wrap' ? 'Wrap' : wrapKind === 'unwrap' ? 'Unwrap' : 'Review swap'
  const labels: Record<SwapAction['kind'], string> = {
    connect: 'Connect wallet to swap',
    'switch-network': switching ? `Switching wallet to ${chainName}…` : `Switch wallet to ${chainName}`,
    'select-token': 'Select a token',
    'enter-amount': 'Enter an amount',
    loading: 'Fetching the best price…',
    'no-quote': 'No quote available',
    'insufficient-balance': `Insufficient ${fromSymbol} balance`,
    approve: reviewLabel,
    pending: 'This swap is pending…',
    review: reviewLabel,
  }
  const onClick =
    action.kind === 'connect'
      ? onConnect
      : action.kind === 'switch-network' && !switching
        ? onSwitch
        : action.kind === 'review' || action.kind === 'approve'
          ? onReview
          : undefined
  const danger = highImpact && (action.kind === 'review' || action.kind === 'approve')
  return (
    <button
      type="button"
      disabled={onClick === undefined}
      onClick={onClick}
      className={`w-full rounded-xl px-4 py-3 font-semibold disabled:cursor-not-allowed disabled:bg-line disabled:text-muted ${danger ? 'bg-danger text-danger-fg' : 'bg-accent text-accent-fg'}`}
    >
      {labels[action.kind]}
    </button>
  )
}
