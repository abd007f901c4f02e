import { TriangleAlert } from 'lucide-react'
import { formatPercent } from '../../../lib/formatPercent'
import { getSlippageWarning, type SlippageSetting } from '../model/slippage'

/**
 * A custom slippage, shown on the swap card as a chip that opens the settings (amber when the value is risky),
 * so a value saved earlier never acts unseen; auto slippage shows nothing.
 */
export function SlippageChip({
  slippage,
  onOpen,
  onPrepare,
}: {
  slippage: SlippageSetting
  onOpen: () => void
  /** Called on hover or focus, before a click may open the settings (to load them ahead). */
  onPrepare?: () => void
}) {
  if (slippage.mode !== 'custom') return null
  const risky = getSlippageWarning(slippage.percent) !== undefined
  const percent = formatPercent({ value: slippage.percent, maximumFractionDigits: 2 })
  return (
    <button
      type="button"
      onClick={onOpen}
      onPointerEnter={onPrepare}
      onFocus={onPrepare}
      aria-label={`Custom slippage ${percent}${risky ? ', risky' : ''}: change settings`}
      className={`inline-flex h-7 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 text-xs font-semibold hover:bg-surface ${risky ? 'border-warn text-warn' : 'border-line text-muted'}`}
    >
      {risky && <TriangleAlert aria-hidden="true" className="h-3.5 w-3.5" />}
      {percent} slippage
    </button>
  )
}
