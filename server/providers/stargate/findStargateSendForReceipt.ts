/** Quotes asked before the search gives up (each closes the gap to a fraction of Stargate's fee: 2-3 suffice). */
const MAX_QUOTES = 12

/**
 * The least amount a Stargate pool must send (`amountLD`, base units of its token, a multiple of `rate`, the
 * pool's 10^(local - shared decimals)) for `received(amountLD)`, what its `quoteOFT` says arrives (in the same
 * units), to be exactly `targetLD` (itself a multiple of `rate`), or undefined when no amount arrives exactly that
 * (a reward that lifts the output by more than one shared unit at once). The search counts in shared units, where
 * Stargate's fee library takes 0 or 1 more unit of fee per unit sent: from `targetLD`, each step adds what is still
 * missing, so it never passes the least amount (no smaller one arrives enough) and stops on it, in a few quotes.
 * Throws an Error when `MAX_QUOTES` quotes do not reach the target (a pool that keeps more than it says).
 */
export async function findStargateSendForReceipt(params: {
  targetLD: bigint
  rate: bigint
  received: (amountLD: bigint) => Promise<bigint>
}): Promise<bigint | undefined> {
  const { targetLD, rate, received } = params
  if (targetLD <= 0n || targetLD % rate !== 0n)
    throw new RangeError('the target must be a positive multiple of rate')
  let amountLD = targetLD
  for (let quotes = 0; quotes < MAX_QUOTES; quotes++) {
    const arrives = await received(amountLD)
    if (arrives === targetLD) return amountLD
    if (arrives > targetLD) return undefined
    // what is still missing, in whole shared units (what arrives is a multiple of `rate`)
    amountLD += ((targetLD - arrives + rate - 1n) / rate) * rate
  }
  throw new Error(`Stargate's quote did not reach ${targetLD} in ${MAX_QUOTES} quotes`)
}
