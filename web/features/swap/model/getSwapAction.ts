/** What the swap card's main button does (and says) now. */
export type SwapAction =
  | { kind: 'connect' }
  | { kind: 'switch-network' }
  | { kind: 'select-token' }
  | { kind: 'enter-amount' }
  | { kind: 'loading' }
  | { kind: 'no-quote' }
  | { kind: 'insufficient-balance' }
  | { kind: 'approve' }
  | { kind: 'pending' }
  | { kind: 'review' }

/**
 * Decides the main action of the swap card, in order: pick tokens, enter an amount, wait for / lack a quote,
 * connect, wait for the same swap already pending, switch the wallet's network, cover the amount sold (`sellAmount`: exact input, or the maximum sold
 * of an exact-output quote) with the balance, approve, review. `balance` undefined means not loaded yet (no
 * verdict on funds).
 */
export function getSwapAction(params: {
  hasTokens: boolean
  amount: bigint | undefined
  quoteState: 'idle' | 'loading' | 'error' | 'ready'
  isConnected: boolean
  isWrongNetwork: boolean
  sellAmount: bigint | undefined
  balance: bigint | undefined
  needsApproval: boolean
  /** This very swap was sent and is not confirmed yet (e.g. the page was reloaded meanwhile). */
  isPending?: boolean
}): SwapAction {
  if (!params.hasTokens) return { kind: 'select-token' }
  if (params.amount === undefined) return { kind: 'enter-amount' }
  if (params.quoteState === 'loading' || params.quoteState === 'idle') return { kind: 'loading' }
  if (params.quoteState === 'error') return { kind: 'no-quote' }
  if (!params.isConnected) return { kind: 'connect' }
  if (params.isPending === true) return { kind: 'pending' }
  if (params.isWrongNetwork) return { kind: 'switch-network' }
  if (params.balance !== undefined && params.sellAmount !== undefined && params.balance < params.sellAmount)
    return { kind: 'insufficient-balance' }
  if (params.needsApproval) return { kind: 'approve' }
  return { kind: 'review' }
}
