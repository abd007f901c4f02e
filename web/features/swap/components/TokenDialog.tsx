import { useQuery } from '@tanstack/react-query'
import { Check, TriangleAlert } from 'lucide-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { isAddress } from 'viem'
import { Dialog } from '../../../components/Dialog'
import { TokenIcon } from '../../../components/TokenIcon'
import { ApiError, type TokenRecord } from '../../../lib/api'
import { formatTokenAmount } from '../../../lib/formatTokenAmount'
import { formatUsd } from '../../../lib/formatUsd'
import { getErrorMessage } from '../../../lib/getErrorMessage'
import { isSameAddress } from '../../../lib/isSameAddress'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import { tokenSearchQueryOptions } from '../api/tokenSearchQueryOptions'
import { useImportedTokens } from '../hooks/useImportedTokens'
import { computeTokenValueUsd } from '../model/computeTokenValueUsd'
import { needsImportConfirmation } from '../model/needsImportConfirmation'
import { sortTokensByHoldings } from '../model/sortTokensByHoldings'

/** Typing pause before the server is searched. */
export const tokenSearchDebounceMs = 250

export interface TokenDialogProps {
  open: boolean
  title: string
  chainId: number
  chainName: string
  /** The chain's popular tokens (the default list). */
  tokens: readonly TokenRecord[]
  /** Balances by lower-case address, base units. */
  balances: ReadonlyMap<string, bigint>
  selected: TokenRecord | undefined
  onSelect: (token: TokenRecord) => void
  onClose: () => void
}

/**
 * Token picker: without a query, the chain's popular tokens and the tokens the user imported, held ones first; a
 * typed query is searched on the server (debounced, ranked there). A pasted address the chain does not list is
 * looked up by the server, which imports it when it has a deep enough pool (tagged `unverified`): choosing it
 * first shows the unverified-token warning and an explicit Import, as Uniswap's interface does, after which it
 * is remembered for the chain (see `useImportedTokens`) and shown with an Unverified badge. An address that is no
 * token, or has no such pool, is reported as not supported. A listbox with arrow-key navigation (combobox
 * pattern), balances with their USD value and a fee-on-transfer warning per token.
 */
export function TokenDialog(props: TokenDialogProps) {
  const { open, title, onClose } = props
  return (
    <Dialog open={open} title={title} onClose={onClose}>
      {open && <TokenPicker {...props} />}
    </Dialog>
  )
}

/** The answers that say an address cannot be traded here (as opposed to a failed request). */
const unsupportedCodes: readonly string[] = [
  'NOT_FOUND',
  'UNSUPPORTED_TOKEN',
  'TOKEN_NOT_FOUND',
  'NO_LIQUIDITY',
  'TOKEN_TRANSFER_TAXED',
  'TOO_MANY_IMPORTED_TOKENS',
]

function isUnsupportedToken(error: unknown): error is ApiError {
  return error instanceof ApiError && unsupportedCodes.includes(error.code)
}

function TokenPicker(props: TokenDialogProps) {
  const { imported, importToken } = useImportedTokens(props.chainId)
  const [pending, setPending] = useState<TokenRecord | undefined>(undefined)
  const choose = (token: TokenRecord) => {
    if (needsImportConfirmation(token, imported)) setPending(token)
    else props.onSelect(token)
  }
  if (pending !== undefined) {
    return (
      <ImportWarning
        token={pending}
        chainName={props.chainName}
        onImport={() => {
          importToken(pending)
          props.onSelect(pending)
        }}
        onBack={() => setPending(undefined)}
      />
    )
  }
  return <TokenSearch {...props} imported={imported} onSelect={choose} />
}

/** The unverified-token warning, with the explicit Import that makes the token selectable. */
function ImportWarning({
  token,
  chainName,
  onImport,
  onBack,
}: {
  token: TokenRecord
  chainName: string
  onImport: () => void
  onBack: () => void
}) {
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <TokenIcon symbol={token.symbol} logo={token.logo} size={36} />
        <span className="min-w-0">
          <span className="block font-semibold">
            {token.symbol} <UnverifiedBadge />
          </span>
          <span className="block truncate text-sm text-muted">{token.name}</span>
        </span>
      </div>
      <div role="alert" className="rounded-lg border border-danger/40 p-3 text-sm">
        <p className="flex items-center gap-2 font-semibold text-danger">
          <TriangleAlert aria-hidden="true" className="h-4 w-4" />
          Unverified token — anyone can create a token with any name; check the address
        </p>
        <p className="mt-2 text-muted">
          This token is not on this app's lists for {chainName}. It was read from the chain at the address
          below, which is the only thing that identifies it: make sure it is the token you mean before trading
          it.
        </p>
        <p className="mt-2 break-all font-mono text-xs">{token.address}</p>
      </div>
      <div className="flex gap-2">
        <button
          type="button"
          onClick={onBack}
          className="flex-1 rounded-lg border border-line px-3 py-2 text-sm font-semibold"
        >
          Back
        </button>
        <button
          type="button"
          onClick={onImport}
          className="flex-1 rounded-lg bg-accent px-3 py-2 text-sm font-semibold text-white"
        >
          Import
        </button>
      </div>
    </div>
  )
}

function UnverifiedBadge() {
  return (
    <span className="ml-1 rounded bg-danger/10 px-1.5 py-0.5 text-xs font-medium text-danger">
      Unverified
    </span>
  )
}

function TokenSearch({
  chainId,
  chainName,
  tokens,
  balances,
  selected,
  onSelect,
  imported,
}: TokenDialogProps & { imported: readonly TokenRecord[] }) {
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const listId = useId()
  const trimmed = query.trim()
  const debounced = useDebouncedValue(trimmed, tokenSearchDebounceMs)
  const search = useQuery({
    ...tokenSearchQueryOptions({ chainId, query: debounced }),
    enabled: debounced !== '',
  })
  const settled = debounced === trimmed
  const listed = new Set(tokens.map((t) => t.address.toLowerCase()))
  const options: readonly TokenRecord[] =
    trimmed === ''
      ? sortTokensByHoldings({
          tokens: [...tokens, ...imported.filter((t) => !listed.has(t.address.toLowerCase()))],
          balances,
        })
      : settled && search.data !== undefined && !search.isError
        ? search.data
        : []
  const searching = trimmed !== '' && (!settled || search.isPending)
  const unsupported = settled && trimmed !== '' && search.isError && isUnsupportedToken(search.error)
  const failed = settled && trimmed !== '' && search.isError && !unsupported
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0))
  const optionId = (index: number) => `${listId}-option-${index}`

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (options.length === 0) return
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
      <div role="status" aria-live="polite" className="text-sm">
        {searching ? (
          <span className="text-muted">Searching…</span>
        ) : unsupported ? (
          <span className="block rounded-lg border border-danger/40 p-3">
            <span className="block font-semibold text-danger">Not supported on {chainName}</span>
            <span className="mt-1 block text-muted">
              <span className="break-all font-mono text-xs">
                {isAddress(trimmed, { strict: false }) ? trimmed : `“${trimmed}”`}
              </span>{' '}
              cannot be swapped here: {getErrorMessage(search.error).message} Check the address and the
              network.
            </span>
          </span>
        ) : trimmed !== '' && !failed && options.length === 0 ? (
          <span className="text-muted">No token matches “{trimmed}”.</span>
        ) : null}
      </div>
      {failed && (
        <p role="alert" className="text-sm text-danger">
          {getErrorMessage(search.error).message}
        </p>
      )}
      <div id={listId} role="listbox" aria-label="Tokens" className="-mx-1 max-h-80 overflow-y-auto">
        {options.map((token, index) => (
          <TokenOption
            key={token.address}
            id={optionId(index)}
            token={token}
            balance={balances.get(token.address.toLowerCase())}
            active={index === activeIndex}
            current={selected !== undefined && isSameAddress(selected.address, token.address)}
            onSelect={() => onSelect(token)}
            onHover={() => setActive(index)}
          />
        ))}
      </div>
    </div>
  )
}

function TokenOption({
  id,
  token,
  balance,
  active,
  current,
  onSelect,
  onHover,
}: {
  id: string
  token: TokenRecord
  balance: bigint | undefined
  active: boolean
  current: boolean
  onSelect: () => void
  onHover: () => void
}) {
  const usd =
    balance === undefined
      ? undefined
      : formatUsd({
          value: computeTokenValueUsd({
            amount: balance,
            decimals: token.decimals,
            priceInUsd: token.priceInUsd,
          }),
        })
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection goes through the combobox input (aria-activedescendant)
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      aria-current={current ? 'true' : undefined}
      onClick={onSelect}
      onMouseMove={onHover}
      className={`flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 ${active ? 'bg-surface ring-1 ring-accent' : ''}`}
    >
      <TokenIcon symbol={token.symbol} logo={token.logo} size={28} />
      <span className="min-w-0 flex-1">
        <span className="block font-semibold">
          {token.symbol}
          {token.transferFeeBps > 0 && ' '}
          {token.tags.includes('unverified') && <UnverifiedBadge />}
          {token.transferFeeBps > 0 && (
            <span className="ml-1 rounded bg-danger/10 px-1.5 py-0.5 text-xs font-medium text-danger">
              {`Fee on transfer ${token.transferFeeBps / 100}%`}
            </span>
          )}
        </span>
        <span className="block truncate text-xs text-muted">{token.name}</span>
      </span>
      {current && <Check aria-hidden="true" className="h-4 w-4 text-accent" />}
      <span className="text-right text-sm tabular-nums">
        {balance !== undefined && (
          <span className="block">{formatTokenAmount({ amount: balance, decimals: token.decimals })}</span>
        )}
        {usd !== undefined && <span className="block text-xs text-muted">{usd}</span>}
      </span>
    </div>
  )
}
