import { useId } from 'react'
import type { ChainRecord } from '../lib/api'
import { preloadNetworkIcons } from '../lib/preloadNetworkIcons'
import { NetworkIcon } from './NetworkIcon'

export interface ChainSelectorProps {
  chains: readonly ChainRecord[]
  chainId: number
  onChange: (chainId: number) => void
  /** Accessible name of the select; `Network` unless the page shows two (source and destination). */
  label?: string
  /** Shown before the select (`From`, `To`; the accessible name stays `label`); none: the label is for readers only. */
  visibleLabel?: string
  /** Chains listed but not selectable, each with the reason shown beside its name (e.g. `no route from Polygon`). */
  unavailable?: ReadonlyMap<number, string>
}

/**
 * Network picker: a native, labelled select (keyboard and phone friendly) beside the chosen chain's logo. A chain
 * it cannot take stays listed, greyed out (disabled) with its reason, rather than snapping back with no word.
 */
export function ChainSelector({
  chains,
  chainId,
  onChange,
  label = 'Network',
  visibleLabel,
  unavailable,
}: ChainSelectorProps) {
  const id = useId()
  const selected = chains.find((c) => c.chainId === chainId)
  return (
    <div className="flex min-w-0 items-center gap-1.5 sm:gap-2">
      {visibleLabel === undefined ? (
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
      ) : (
        <label htmlFor={id} className="shrink-0 text-xs font-semibold text-muted">
          <span aria-hidden="true">{visibleLabel}</span>
          <span className="sr-only">{label}</span>
        </label>
      )}
      <span className="hidden sm:contents">
        <NetworkIcon chainId={chainId} logo={selected?.logo} label={selected?.shortName ?? '?'} size={24} />
      </span>
      <select
        id={id}
        value={chainId}
        onChange={(event) => onChange(Number(event.target.value))}
        // the logo of the chain about to be picked loads before the pick
        onPointerEnter={preloadNetworkIcons}
        onFocus={preloadNetworkIcons}
        className="h-10 w-full min-w-0 max-w-[11rem] rounded-lg border border-line bg-card px-2 text-sm font-medium text-fg"
      >
        {chains.map((chain) => (
          <option key={chain.chainId} value={chain.chainId} disabled={unavailable?.has(chain.chainId)}>
            {unavailable?.has(chain.chainId) === true
              ? `${chain.name} (${unavailable.get(chain.chainId)})`
              : chain.name}
          </option>
        ))}
      </select>
    </div>
  )
}
