import type { SwapAction } from '../model/getSwapAction'

/** The card's main button; its label says what is missing or what happens next. */
export function SwapActionButton({
  action,
  fromSymbol,
  chainName,
  onConnect,
  onSwitch,
  onReview,
}: {
  action: SwapAction
  fromSymbol: string
  chainName: string
  onConnect: () => void
  onSwitch: () => void
  onReview: () => void
}) {
  const labels: Record<SwapAction['kind'], string> = {
    connect: 'Connect wallet to swap',
    'switch-network': `Switch wallet to ${chainName}`,
    'select-token': 'Select a token',
    'enter-amount': 'Enter an amount',
    loading: 'Fetching the best price…',
    'no-quote': 'No quote available',
    'insufficient-balance': `Insufficient ${fromSymbol} balance`,
    approve: `Approve ${fromSymbol}`,
    review: 'Review swap',
  }
  const onClick =
    action.kind === 'connect'
      ? onConnect
      : action.kind === 'switch-network'
        ? onSwitch
        : action.kind === 'review'
          ? onReview
          : undefined
  return (
    <button
      type="button"
      disabled={onClick === undefined}
      onClick={onClick}
      className="w-full rounded-xl bg-accent px-4 py-3 font-semibold text-accent-fg disabled:cursor-not-allowed disabled:bg-line disabled:text-muted"
    >
      {labels[action.kind]}
    </button>
  )
}
