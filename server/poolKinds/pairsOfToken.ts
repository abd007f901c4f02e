import { type Address, getAddress } from 'viem'

/**
 * The pairs `token` makes with each of `hubs` (itself and repeats left out), each in pool order: `token0` the
 * lower address, as every pool kind sorts its two tokens. Checksummed. Pure.
 */
export function pairsOfToken(
  token: Address,
  hubs: readonly Address[],
): { hub: Address; token0: Address; token1: Address }[] {
  const own = getAddress(token)
  const seen = new Set<string>([own.toLowerCase()])
  const pairs: { hub: Address; token0: Address; token1: Address }[] = []
  for (const hubAddress of hubs) {
    const hub = getAddress(hubAddress)
    if (seen.has(hub.toLowerCase())) continue
    seen.add(hub.toLowerCase())
    const [token0, token1] = BigInt(own) < BigInt(hub) ? [own, hub] : [hub, own]
    pairs.push({ hub, token0, token1 })
  }
  return pairs
}
