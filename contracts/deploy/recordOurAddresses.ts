import type { Address } from 'viem'

/** Our contracts' addresses on one chain (and its `startBlock`), as far as they are known. */
export type OurAddresses = {
  aggregator?: Address
  gaslessSettlement?: Address
  liquidityEntry?: Address
  stargateEntry?: Address
  stargateComposer?: Address
  acrossHandler?: Address
  acrossEntry?: Address
  startBlock?: number | undefined
}

/**
 * A copy of one chain object of a network config (JSON as read) with `addresses` written where the server reads
 * them (`aggregator`, `gaslessSettlement`, `liquidityEntry`, `startBlock`, `stargate.entry`/`composer`,
 * `across.entry`/`handler`); every other field as it was. A Stargate or Across address is written only where the
 * chain has that section.
 */
export function recordOurAddresses(chain: Record<string, unknown>, addresses: OurAddresses) {
  const out: Record<string, unknown> = { ...chain }
  const set = (target: Record<string, unknown>, key: string, value: unknown) => {
    if (value !== undefined) target[key] = value
  }
  set(out, 'aggregator', addresses.aggregator)
  set(out, 'gaslessSettlement', addresses.gaslessSettlement)
  set(out, 'liquidityEntry', addresses.liquidityEntry)
  set(out, 'startBlock', addresses.startBlock)
  const section = (key: string) => {
    const value = out[key]
    if (typeof value !== 'object' || value === null) return undefined
    const copy = { ...(value as Record<string, unknown>) }
    out[key] = copy
    return copy
  }
  const stargate = section('stargate')
  if (stargate) {
    set(stargate, 'entry', addresses.stargateEntry)
    set(stargate, 'composer', addresses.stargateComposer)
  }
  const across = section('across')
  if (across) {
    set(across, 'entry', addresses.acrossEntry)
    set(across, 'handler', addresses.acrossHandler)
  }
  return out
}
