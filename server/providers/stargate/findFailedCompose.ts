import { type Hex, isAddressEqual, keccak256, type PublicClient } from 'viem'
import type { QueuedCompose } from './buildComposeRetry'
import { isLogOnChain } from './isLogOnChain'
import { layerZeroEndpointAbi } from './layerZeroEndpointAbi'

/**
 * The compose of transfer `guid` to `composer` that failed and is still queued on the destination's EndpointV2
 * `endpoint`: an executor's run of it reverted (the endpoint's `LzComposeAlert`, still on the chain), it came from
 * one of `pools`, and `composeQueue` still holds its message's hash, so `lzCompose` of that message delivers it.
 * Undefined when there is none (not run yet, delivered, or the alert names a message nobody queued: anyone may
 * raise an alert). Logs from `fromBlock`. Throws what the node throws.
 */
export async function findFailedCompose(params: {
  client: PublicClient
  endpoint: `0x${string}`
  composer: `0x${string}`
  pools: readonly `0x${string}`[]
  guid: Hex
  fromBlock: bigint
}): Promise<QueuedCompose | undefined> {
  const { client } = params
  const alerts = await client.getContractEvents({
    address: params.endpoint,
    abi: layerZeroEndpointAbi,
    eventName: 'LzComposeAlert',
    args: { to: params.composer },
    fromBlock: params.fromBlock,
    strict: true,
  })
  const ours = alerts.filter(
    (alert) =>
      alert.args.guid === params.guid && params.pools.some((pool) => isAddressEqual(pool, alert.args.from)),
  )
  // the latest alert first: every retry that failed raised one, all naming the same queued message
  for (const alert of ours.reverse()) {
    if (!(await isLogOnChain(client, alert))) continue
    const compose: QueuedCompose = {
      from: alert.args.from,
      to: alert.args.to,
      guid: alert.args.guid,
      index: alert.args.index,
      message: alert.args.message,
    }
    const queued = await client.readContract({
      address: params.endpoint,
      abi: layerZeroEndpointAbi,
      functionName: 'composeQueue',
      args: [compose.from, compose.to, compose.guid, compose.index],
    })
    if (queued === keccak256(compose.message)) return compose
  }
  return undefined
}
