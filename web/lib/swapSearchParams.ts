import { isAddress } from 'viem'
import { isSameAddress } from './isSameAddress'

/** Which amount the link's amount is: the input (exact in) or the output (exact out). */
export type LinkSide = 'in' | 'out'

/** The swap form as a deep link carries it: token references are symbols or addresses. */
export interface SwapLink {
  chainId: number | undefined
  /** Destination chain (`toChain`; negative ids for UTXO and Cosmos chains), honoured only where a flow serves the pair. */
  toChainId: number | undefined
  from: string | undefined
  to: string | undefined
  amount: string | undefined
  side: LinkSide
  /**
   * Who the swap is for (`receiver`, an EVM address): a swap pays its signer, so a card opened for someone else's
   * tokens (what a cross-chain trade delivered to its receiver) asks for that wallet.
   */
  receiver: string | undefined
}

const parseChainId = (value: string | null) => {
  const id = Number(value)
  return value !== null && Number.isSafeInteger(id) && id !== 0 ? id : undefined
}

const nonEmpty = (value: string | null) => (value === null || value.trim() === '' ? undefined : value.trim())

/**
 * Reads `?chain=1&toChain=56&from=ETH&to=0x…&amount=1.5&side=in&receiver=0x…` (every part optional; `side`
 * defaults to `in`, an amount that is not a plain decimal, a chain id that is not a positive integer and a
 * receiver that is not an address are dropped).
 */
export function parseSwapSearchParams(search: string): SwapLink {
  const params = new URLSearchParams(search)
  const amount = nonEmpty(params.get('amount'))
  const receiver = nonEmpty(params.get('receiver'))
  return {
    chainId: parseChainId(params.get('chain')),
    toChainId: parseChainId(params.get('toChain')),
    from: nonEmpty(params.get('from')),
    to: nonEmpty(params.get('to')),
    amount: amount !== undefined && /^(\d+\.?\d*|\.\d+)$/.test(amount) ? amount : undefined,
    side: params.get('side') === 'out' ? 'out' : 'in',
    receiver: receiver !== undefined && isAddress(receiver, { strict: false }) ? receiver : undefined,
  }
}

/**
 * Writes the form into `search` (other parameters kept): tokens as their symbol when it is unique in the list,
 * else their address; empty values removed. Returns the query string with its leading `?` (or '').
 */
export function buildSwapSearch(params: {
  search: string
  chainId: number
  from: string | undefined
  to: string | undefined
  amount: string
  side: LinkSide
}): string {
  const next = new URLSearchParams(params.search)
  const set = (key: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(key)
    else next.set(key, value)
  }
  set('chain', String(params.chainId))
  set('from', params.from)
  set('to', params.to)
  set('amount', params.amount)
  set('side', params.amount === '' ? undefined : params.side)
  const text = next.toString()
  return text === '' ? '' : `?${text}`
}

/**
 * Finds the token a link refers to: an address (any case) or a symbol (case-insensitive; ambiguous symbols
 * resolve to nothing).
 */
export function resolveTokenRef<T extends { address: string; symbol: string }>(params: {
  ref: string | undefined
  tokens: readonly T[]
}): T | undefined {
  const { ref, tokens } = params
  if (ref === undefined) return undefined
  if (isAddress(ref, { strict: false })) return tokens.find((t) => isSameAddress(t.address, ref))
  const matches = tokens.filter((t) => t.symbol.toLowerCase() === ref.toLowerCase())
  return matches.length === 1 ? matches[0] : undefined
}

/** The shortest unambiguous link reference to a token: its symbol when unique in `tokens`, else its address. */
export function toTokenRef(params: {
  token: { address: string; symbol: string }
  tokens: readonly { symbol: string }[]
}): string {
  const { token, tokens } = params
  const same = tokens.filter((t) => t.symbol.toLowerCase() === token.symbol.toLowerCase()).length
  return same === 1 ? token.symbol : token.address
}
