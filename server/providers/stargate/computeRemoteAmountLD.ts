/**
 * What a Stargate pool with `localDecimals` sending `amountLD` (base units of its token) pays out of a pool with
 * `remoteDecimals` on the other chain, by Stargate V2's rule: the amount travels in `sharedDecimals` (6 on
 * every Stargate V2 pool), so the local amount is first truncated to a multiple of the local conversion rate
 * 10^(localDecimals - sharedDecimals) (the dust the pool leaves with the sender), then scaled by the remote
 * one. Amounts of a quote's destination side (what arrives, its minimum, the input of the destination swap)
 * come from here; `quoteOFT` and `send` answer in the origin pool's decimals. Throws a RangeError when a pool
 * has fewer decimals than are shared (Stargate refuses such a pool).
 */
export function computeRemoteAmountLD(params: {
  amountLD: bigint
  localDecimals: number
  remoteDecimals: number
  sharedDecimals: number
}): bigint {
  const { amountLD, localDecimals, remoteDecimals, sharedDecimals } = params
  if (localDecimals < sharedDecimals || remoteDecimals < sharedDecimals)
    throw new RangeError(
      `a Stargate pool has ${Math.min(localDecimals, remoteDecimals)} decimals, fewer than its ${sharedDecimals} shared`,
    )
  const amountSD = amountLD / 10n ** BigInt(localDecimals - sharedDecimals)
  return amountSD * 10n ** BigInt(remoteDecimals - sharedDecimals)
}
