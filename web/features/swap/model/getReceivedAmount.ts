import { type Address, isAddressEqual, type Log, parseAbi, parseEventLogs } from 'viem'

/** The aggregator's `Swapped` event and the ERC-20 `Transfer` event, as read from a receipt. */
export const swapReceiptAbi = parseAbi([
  'event Swapped(address indexed sender, address indexed receiver, bytes32 indexed integratorId, address tokenIn, address tokenOut, uint256 amountIn, uint256 amountOut, uint256 feeAmount)',
  'event Transfer(address indexed from, address indexed to, uint256 value)',
])

/**
 * The amounts a swap transaction actually traded, from its receipt `logs`: the aggregator's `Swapped` event for
 * `receiver` (emitted by `aggregator`), else the sum of `tokenOut` Transfer logs to `receiver` (output only).
 * Returns undefined when neither is found.
 */
export function getReceivedAmount(params: {
  logs: readonly Log[]
  aggregator: Address
  receiver: Address
  tokenOut: Address
}): { amountIn: bigint | undefined; amountOut: bigint } | undefined {
  const events = parseEventLogs({ abi: swapReceiptAbi, logs: [...params.logs], strict: false })
  for (const event of events)
    if (
      event.eventName === 'Swapped' &&
      isAddressEqual(event.address, params.aggregator) &&
      event.args.receiver !== undefined &&
      event.args.amountOut !== undefined &&
      isAddressEqual(event.args.receiver, params.receiver)
    )
      return { amountIn: event.args.amountIn, amountOut: event.args.amountOut }
  let total: bigint | undefined
  for (const event of events)
    if (
      event.eventName === 'Transfer' &&
      isAddressEqual(event.address, params.tokenOut) &&
      event.args.to !== undefined &&
      event.args.value !== undefined &&
      isAddressEqual(event.args.to, params.receiver)
    )
      total = (total ?? 0n) + event.args.value
  return total === undefined ? undefined : { amountIn: undefined, amountOut: total }
}
