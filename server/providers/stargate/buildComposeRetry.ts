import { decodeAbiParameters, encodeFunctionData, type Hex, size, slice } from 'viem'
import type { ProviderRetryTransaction } from '../types'
import { computeComposeGas } from './computeComposeGas'
import { layerZeroEndpointAbi } from './layerZeroEndpointAbi'
import { destinationSwapParameter } from './stargatePoolAbi'

/** A compose queued on a destination endpoint: the `composeQueue` key and the message whose hash it holds. */
export interface QueuedCompose {
  from: `0x${string}`
  to: `0x${string}`
  guid: Hex
  index: number
  message: Hex
}

/** Where our `DestinationSwap` starts in the OFT compose message: nonce (8), srcEid (4), amountLD (32), composeFrom (32). */
const DESTINATION_SWAP_OFFSET = 76
/**
 * Gas around the composer's own budget: the transaction's base cost (21,000), the endpoint's queue check and
 * update and its `ComposeDelivered` event (under 40,000 together), and the 1/64 a call keeps back.
 */
const RETRY_OVERHEAD_GAS = 100_000n
/** What each calldata byte may cost (a non-zero byte). */
const CALLDATA_BYTE_GAS = 16n

/**
 * The transaction that delivers `compose`, queued on EVM chain `chainId`'s EndpointV2 `endpoint`, again:
 * `endpoint.lzCompose(from, to, guid, index, message, 0x)` with no value (our quotes give a compose none), which
 * anyone may send; the endpoint delivers only the message `from` queued, once. Its gas is the composer's budget
 * as the quote set it in the executor options (`computeComposeGas` of the destination route's steps, read from
 * the message), the calldata and `RETRY_OVERHEAD_GAS`. Pure. Throws when the message does not hold our
 * `DestinationSwap`.
 */
export function buildComposeRetry(params: {
  chainId: number
  endpoint: `0x${string}`
  compose: QueuedCompose
}): ProviderRetryTransaction {
  const { compose } = params
  const [order] = decodeAbiParameters(
    [destinationSwapParameter],
    slice(compose.message, DESTINATION_SWAP_OFFSET),
  )
  const data = encodeFunctionData({
    abi: layerZeroEndpointAbi,
    functionName: 'lzCompose',
    args: [compose.from, compose.to, compose.guid, compose.index, compose.message, '0x'],
  })
  return {
    chainId: params.chainId,
    to: params.endpoint,
    data,
    value: 0n,
    gas: computeComposeGas(order.steps.length) + RETRY_OVERHEAD_GAS + CALLDATA_BYTE_GAS * BigInt(size(data)),
  }
}
