import { useId, useState } from 'react'
import { Dialog } from '../../../components/Dialog'
import type { SwapSettings } from '../hooks/useSwapSettings'
import { parseDeadlineMinutes } from '../model/parseDeadlineMinutes'
import { getSlippageWarning, maxSlippagePercent, parseSlippagePercent } from '../model/slippage'

const warnings = {
  'may-fail': 'Slippage below 0.05% may make the transaction fail.',
  frontrun: 'Slippage above 5% exposes the trade to frontrunning.',
} as const

/** Slippage (auto = the quote's recommendation, or custom percent, with warnings) and deadline in minutes. */
export function SettingsDialog({
  open,
  onClose,
  settings,
  onChange,
  recommendedPercent,
}: {
  open: boolean
  onClose: () => void
  settings: SwapSettings
  onChange: (settings: SwapSettings) => void
  recommendedPercent: number | undefined
}) {
  return (
    <Dialog open={open} title="Swap settings" onClose={onClose}>
      {open && (
        <SettingsForm settings={settings} onChange={onChange} recommendedPercent={recommendedPercent} />
      )}
    </Dialog>
  )
}

function SettingsForm({
  settings,
  onChange,
  recommendedPercent,
}: {
  settings: SwapSettings
  onChange: (settings: SwapSettings) => void
  recommendedPercent: number | undefined
}) {
  const [slippageText, setSlippageText] = useState(
    settings.slippage.mode === 'custom' ? String(settings.slippage.percent) : '',
  )
  const [deadlineText, setDeadlineText] = useState(String(settings.deadlineMinutes))
  const slippageId = useId()
  const deadlineId = useId()
  const warningId = useId()
  const slippageErrorId = useId()
  const deadlineErrorId = useId()
  const custom = parseSlippagePercent(slippageText)
  const warning =
    settings.slippage.mode === 'custom' ? getSlippageWarning(settings.slippage.percent) : undefined
  const invalidSlippage = slippageText !== '' && custom === undefined
  const invalidDeadline = parseDeadlineMinutes(deadlineText) === undefined
  return (
    <div className="space-y-5 text-sm">
      <fieldset>
        <legend className="mb-2 font-semibold">Max slippage</legend>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            aria-pressed={settings.slippage.mode === 'auto'}
            onClick={() => {
              setSlippageText('')
              onChange({ ...settings, slippage: { mode: 'auto' } })
            }}
            className={`rounded-lg border px-3 py-2 font-semibold ${settings.slippage.mode === 'auto' ? 'border-accent bg-accent text-accent-fg' : 'border-line'}`}
          >
            Auto{recommendedPercent === undefined ? '' : ` (${recommendedPercent}%)`}
          </button>
          <label htmlFor={slippageId} className="sr-only">
            Custom slippage in percent
          </label>
          <span className="flex items-center gap-1">
            <input
              id={slippageId}
              inputMode="decimal"
              placeholder="Custom"
              value={slippageText}
              aria-invalid={invalidSlippage}
              aria-describedby={
                [invalidSlippage ? slippageErrorId : undefined, warning === undefined ? undefined : warningId]
                  .filter((id) => id !== undefined)
                  .join(' ') || undefined
              }
              onChange={(event) => {
                setSlippageText(event.target.value)
                const percent = parseSlippagePercent(event.target.value)
                if (percent !== undefined) onChange({ ...settings, slippage: { mode: 'custom', percent } })
              }}
              className="w-24 rounded-lg border border-line bg-surface px-3 py-2"
            />
            <span aria-hidden="true">%</span>
          </span>
        </div>
        {invalidSlippage && (
          <>
            {/* the range parseSlippagePercent accepts: 0 itself is out (no room at all for the price to move) */}
            <p id={slippageErrorId} className="mt-2 text-danger">
              Enter a percentage greater than 0 and at most {maxSlippagePercent}.
            </p>
            {settings.slippage.mode === 'custom' && (
              <p className="mt-1 text-muted">The swap keeps using {settings.slippage.percent}%.</p>
            )}
          </>
        )}
        {warning !== undefined && (
          <p id={warningId} role="alert" className="mt-2 text-danger">
            {warnings[warning]}
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor={deadlineId} className="mb-2 block font-semibold">
          Transaction deadline (minutes)
        </label>
        <input
          id={deadlineId}
          inputMode="numeric"
          value={deadlineText}
          aria-invalid={invalidDeadline}
          aria-describedby={invalidDeadline ? deadlineErrorId : undefined}
          onChange={(event) => {
            setDeadlineText(event.target.value)
            const minutes = parseDeadlineMinutes(event.target.value)
            if (minutes !== undefined) onChange({ ...settings, deadlineMinutes: minutes })
          }}
          className="w-24 rounded-lg border border-line bg-surface px-3 py-2"
        />
        {invalidDeadline && (
          <p id={deadlineErrorId} className="mt-2 text-danger">
            Enter whole minutes from 1 to 4320. The swap keeps using {settings.deadlineMinutes} minutes.
          </p>
        )}
      </div>
    </div>
  )
}
