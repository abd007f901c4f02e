import { useId } from 'react'
import type { ChainRecord } from '../lib/api'
import { NetworkIcon } from './NetworkIcon'

export interface ChainSelectorProps {
  chains: readonly ChainRecord[]
  chainId: number
  onChange: (chainId: number) => void
  /** Accessible name of the select; `Network` unless the page shows two (source and destination). */
  label?: string
}

/** Network picker: a native, labelled select (keyboard and phone friendly) beside the chosen chain's logo. */
export function ChainSelector({ chains, chainId, onChange, label = 'Network' }: ChainSelectorProps) {
  const id = useId()
  const selected = chains.find((c) => c.chainId === chainId)
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <span className="hidden sm:contents">
        <NetworkIcon chainId={chainId} logo={selected?.logo} label={selected?.shortName ?? '?'} size={24} />
      </span>
      <select
        id={id}
        value={chainId}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-10 w-full min-w-0 max-w-[11rem] rounded-lg border border-line bg-card px-2 text-sm font-medium text-fg"
      >
        {chains.map((chain) => (
          <option key={chain.chainId} value={chain.chainId}>
            {chain.name}
          </option>
        ))}
      </select>
    </div>
  )
}
