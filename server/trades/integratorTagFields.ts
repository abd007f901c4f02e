import type { Address } from 'viem'

/**
 * What an attribution tag is bound to: everything the Aggregator's `Swapped` event (plus the chain and
 * the contract that emitted it) lets the trade watcher recompute. `sender` is the account the swap
 * transaction is built for (the swap's msg.sender); `tokenIn`/`tokenOut` are as in the call
 * (address(0) for native).
 */
export type IntegratorTagFields = {
  chainId: number
  aggregator: Address
  sender: Address
  receiver: Address
  tokenIn: Address
  tokenOut: Address
}
