import { useEffect, useReducer, useRef } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { isSameAddress } from '../../../lib/isSameAddress'
import {
  buildSwapSearch,
  parseSwapSearchParams,
  resolveTokenRef,
  toTokenRef,
} from '../../../lib/swapSearchParams'
import type { SwapSide } from '../types'

export interface SwapFormState {
  from: TokenRecord | undefined
  to: TokenRecord | undefined
  amountText: string
  side: SwapSide
  /** Quote the user picked from the list; the best when undefined. */
  exchangeId: string | undefined
}

type Action =
  | { type: 'init'; state: SwapFormState }
  | { type: 'token'; field: 'from' | 'to'; token: TokenRecord }
  | { type: 'amount'; side: SwapSide; text: string }
  | { type: 'flip' }
  | { type: 'exchange'; exchangeId: string | undefined }

const same = (a: TokenRecord | undefined, b: TokenRecord | undefined) =>
  a !== undefined && b !== undefined && a.chainId === b.chainId && isSameAddress(a.address, b.address)

function reduce(state: SwapFormState, action: Action): SwapFormState {
  switch (action.type) {
    case 'init':
      return action.state
    case 'token': {
      const other = action.field === 'from' ? state.to : state.from
      if (same(other, action.token))
        return {
          ...state,
          from: state.to,
          to: state.from,
          side: state.side === 'in' ? 'out' : 'in',
          exchangeId: undefined,
        }
      return { ...state, [action.field]: action.token, exchangeId: undefined }
    }
    case 'amount':
      return { ...state, amountText: action.text, side: action.side, exchangeId: undefined }
    case 'flip':
      return {
        ...state,
        from: state.to,
        to: state.from,
        side: state.side === 'in' ? 'out' : 'in',
        exchangeId: undefined,
      }
    case 'exchange':
      return { ...state, exchangeId: action.exchangeId }
  }
}

function initialFromLink(tokens: readonly TokenRecord[], search: string): SwapFormState {
  const link = parseSwapSearchParams(search)
  const from = resolveTokenRef({ ref: link.from, tokens }) ?? tokens[0]
  const toRef = resolveTokenRef({ ref: link.to, tokens })
  const to = toRef !== undefined && !same(toRef, from) ? toRef : undefined
  return { from, to, amountText: link.amount ?? '', side: link.side, exchangeId: undefined }
}

/**
 * The swap form of one chain: tokens, typed amount and its side, chosen exchange. Starts from the page's deep
 * link (`?from&to&amount&side`, falling back to the native coin) once `tokens` is known, restarts when the
 * chain changes, and mirrors itself into the URL with `history.replaceState`.
 */
export function useSwapForm(params: { chainId: number; tokens: readonly TokenRecord[] | undefined }) {
  const { chainId, tokens } = params
  const [state, dispatch] = useReducer(reduce, {
    from: undefined,
    to: undefined,
    amountText: '',
    side: 'in',
    exchangeId: undefined,
  })
  const initialisedFor = useRef<number | undefined>(undefined)

  useEffect(() => {
    if (tokens === undefined || tokens.length === 0 || initialisedFor.current === chainId) return
    const search = initialisedFor.current === undefined ? window.location.search : ''
    initialisedFor.current = chainId
    dispatch({ type: 'init', state: initialFromLink(tokens, search) })
  }, [chainId, tokens])

  useEffect(() => {
    if (initialisedFor.current !== chainId || tokens === undefined) return
    const ref = (token: TokenRecord | undefined) =>
      token === undefined ? undefined : toTokenRef({ token, tokens })
    const search = buildSwapSearch({
      search: window.location.search,
      chainId,
      from: ref(state.from),
      to: ref(state.to),
      amount: state.amountText,
      side: state.side,
    })
    if (search !== window.location.search)
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}`)
  }, [chainId, tokens, state])

  return {
    state,
    setToken: (field: 'from' | 'to', token: TokenRecord) => dispatch({ type: 'token', field, token }),
    setAmount: (side: SwapSide, text: string) => dispatch({ type: 'amount', side, text }),
    flip: () => dispatch({ type: 'flip' }),
    selectExchange: (exchangeId: string | undefined) => dispatch({ type: 'exchange', exchangeId }),
  }
}
