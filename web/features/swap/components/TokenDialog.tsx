import { type KeyboardEvent, useId, useState } from 'react'
import { formatUnits, isAddressEqual } from 'viem'
import { Dialog } from '../../../components/Dialog'
import type { TokenRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { useTokenLookup } from '../hooks/useTokenLookup'
import { filterTokens } from '../model/filterTokens'
import { TokenIcon } from './TokenIcon'

export interface TokenDialogProps {
  open: boolean
  title: string
  chainId: number
  tokens: readonly TokenRecord[]
  balances: ReadonlyMap<string, bigint>
  selected: TokenRecord | undefined
  onSelect: (token: TokenRecord) => void
  onClose: () => void
}

/**
 * Token picker: a search box (name, symbol or pasted address; an unknown address is read on chain and offered
 * for import) driving a listbox with arrow-key navigation (combobox pattern), popular tokens as quick picks,
 * balances and their USD value.
 */
export function TokenDialog(props: TokenDialogProps) {
  const { open, title, onClose } = props
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {open && <TokenPicker {...props} />}
    </Dialog>
  )
}

function TokenPicker({ chainId, tokens, balances, selected, onSelect }: TokenDialogProps) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const matches = filterTokens({ tokens, query })
  const lookup = useTokenLookup({ chainId, query, known: matches.length > 0 })
  const options = lookup.token === undefined ? matches : [lookup.token]
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0))
  const optionId = (index: number) => `${listId}-option-${index}`

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive(Math.min(activeIndex + 1, options.length - 1))
    else if (event.key === 'ArrowUp') setActive(Math.max(activeIndex - 1, 0))
    else if (event.key === 'Home') setActive(0)
    else if (event.key === 'End') setActive(options.length - 1)
    else if (event.key === 'Enter') {
      const token = options[activeIndex]
      if (token !== undefined) onSelect(token)
    } else return
    event.preventDefault()
  }
  const popular = tokens
    .filter((t) => t.tags.some((tag) => ['native', 'stable', 'wrapped-native'].includes(tag)))
    .slice(0, 6)

  return (
    <div className="space-y-3">
      <input
        type="search"
        role="combobox"
        aria-label="Search by name, symbol or address"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={options.length > 0 ? optionId(activeIndex) : undefined}
        placeholder="Search name, symbol or paste address"
        value={query}
        data-autofocus
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
        }}
        onKeyDown={onKeyDown}
        className="w-full rounded-lg border border-line bg-surface px-3 py-2 text-sm"
      />
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Popular tokens</legend>
        {popular.map((token) => (
          <button
            key={token.address}
            type="button"
            onClick={() => onSelect(token)}
            className="inline-flex items-center gap-1 rounded-full border border-line px-2 py-1 text-xs font-semibold hover:border-accent"
          >
            <TokenIcon symbol={token.symbol} logo={token.logo} size={16} />
            {token.symbol}
          </button>
        ))}
      </fieldset>
      {lookup.isLoading && <p className="text-sm text-muted">Looking up the token…</p>}
      {options.length === 0 && !lookup.isLoading ? (
        <p role="status" className="text-sm text-muted">
          No token matches “{query}”.
        </p>
      ) : (
        <div id={listId} role="listbox" aria-label="Tokens" className="-mx-1 max-h-80 overflow-y-auto">
          {options.map((token, index) => {
            const balance = balances.get(token.address.toLowerCase())
            const usd =
              balance !== undefined && typeof token.priceInUsd === 'number'
                ? formatUsd({ value: Number(formatUnits(balance, token.decimals)) * token.priceInUsd })
                : undefined
            const isSelected = selected !== undefined && isAddressEqual(selected.address, token.address)
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection goes through the combobox input (aria-activedescendant)
              <div
                key={token.address}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={index === activeIndex}
                aria-current={isSelected ? 'true' : undefined}
                onClick={() => onSelect(token)}
                onMouseMove={() => setActive(index)}
                className={`flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 ${index === activeIndex ? 'bg-surface ring-1 ring-accent' : ''}`}
              >
                <TokenIcon symbol={token.symbol} logo={token.logo} size={28} />
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">
                    {token.symbol}
                    {token.tags.includes('imported') && (
                      <span className="ml-2 text-xs text-danger">Imported, unverified</span>
                    )}
                  </span>
                  <span className="block truncate text-xs text-muted">{token.name}</span>
                </span>
                <span className="text-right text-sm tabular-nums">
                  {balance !== undefined && (
                    <span className="block">
                      {formatTokenAmount({ amount: balance, decimals: token.decimals })}
                    </span>
                  )}
                  {usd !== undefined && <span className="block text-xs text-muted">{usd}</span>}
                </span>
              </div>
            )
          })}
        </div>
      )}
    </div>
  )
}
