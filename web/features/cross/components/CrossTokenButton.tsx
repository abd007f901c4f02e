import type { CrossToken } from '../model/CrossToken'

/** The token of one amount field: a button opening the token list on an EVM chain, else its symbol alone. */
export function CrossTokenButton(props: {
  side: 'from' | 'to'
  token: CrossToken
  evm: boolean
  onOpen: () => void
}) {
  const { side, token } = props
  return props.evm ? (
    <button
      type="button"
      onClick={props.onOpen}
      aria-label={`${side === 'from' ? 'You pay' : 'You receive'}: ${token.symbol}, change token`}
      className="rounded-full border border-line px-3 py-1 text-sm font-semibold"
    >
      {token.symbol}
    </button>
  ) : (
    <span className="rounded-full border border-line px-3 py-1 text-sm font-semibold">{token.symbol}</span>
  )
}
