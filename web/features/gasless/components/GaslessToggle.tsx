import { GaslessComparison, GaslessSwapPanel } from './gaslessOnDemand'

const prepareGasless = () => {
  void GaslessSwapPanel.preload()
  void GaslessComparison.preload()
}

/**
 * The swap card's switch between a normal swap and a gasless order (the relayer pays the gas and takes its
 * fee in `symbol`). Its hover or focus loads the gasless order's parts, which it then shows.
 */
export function GaslessToggle({
  checked,
  onChange,
  symbol,
}: {
  checked: boolean
  onChange: (checked: boolean) => void
  symbol: string
}) {
  return (
    <label
      onPointerEnter={prepareGasless}
      className="flex cursor-pointer items-center gap-2 rounded-lg border border-line p-3 text-sm"
    >
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onFocus={prepareGasless}
        className="h-4 w-4 accent-accent"
      />
      <span>
        <span className="font-semibold">Gasless</span>
        <span className="block text-xs text-muted">No gas to pay: the relayer takes a fee in {symbol}.</span>
      </span>
    </label>
  )
}
