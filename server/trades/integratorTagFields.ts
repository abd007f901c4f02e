import type { Address } from 'viem'

/**
 * What an attribution tag is bound to: everything the Aggregator's `Swapped` event (plus the chain and
 * the contract that emitted it) lets the trade watcher recompute, and the integrator fee terms the swap call
 * carries (`findSwapFeeTerms` reads them from the transaction). `sender` is the account the swap
 * transaction is built for (the swap's msg.sender); `tokenIn`/`tokenOut` are as in the call
 * (address(0) for native); `feeRecipient` counts only with `feeBps` above 0 (it is bound as address(0)
 * otherwise, as the Aggregator ignores it then).
 */
export type IntegratorTagFields = {
  chainId: number
  aggregator: Address
  sender: Address
  receiver: Address
  tokenIn: Address
  tokenOut: Address
  feeRecipient: Address
  feeBps: number
}
