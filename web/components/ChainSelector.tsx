import { useId } from 'react'
import type { ChainRecord } from '../lib/api'
import { ChainLogo } from './ChainLogo'

export interface ChainSelectorProps {
  chains: readonly ChainRecord[]
  chainId: number
  onChange: (chainId: number) => void
}

/** Network picker: a native, labelled select (keyboard and phone friendly) beside the chosen chain's logo. */
export function ChainSelector({ chains, chainId, onChange }: ChainSelectorProps) {
  const id = useId()
  const selected = chains.find((c) => c.chainId === chainId)
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        Network
      </label>
      <ChainLogo src={selected?.logo} label={selected?.shortName ?? '?'} size={24} />
      <select
        id={id}
        value={chainId}
        onChange={(event) => onChange(Number(event.target.value))}
        className="max-w-[11rem] rounded-lg border border-line bg-card py-2 pr-2 pl-2 text-sm font-medium text-fg"
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
