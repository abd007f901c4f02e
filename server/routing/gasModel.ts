import { poolKindOf } from '../poolKinds/poolKinds'
import type { Leg, Price } from './types'

/**
 * Gas units of the parts of a transaction that do not depend on the pools (the per-hop gas is the pool
 * kind's `hopGasUnits`, server/poolKinds/). Origin of the defaults (cancun, measured orders of magnitude for
 * the Aggregator on the devnet):
 *
 * | part    | gas    | what it covers                                                     |
 * |---------|--------|--------------------------------------------------------------------|
 * | base    | 90 000 | 21k intrinsic, calldata, transferFrom in, fee + receiver transfers |
 * | perLeg  |  5 000 | leg bookkeeping, balance checks                                    |
 */
export interface GasModel {
  readonly base: bigint
  readonly perLeg: bigint
}

export const defaultGasModel: GasModel = {
  base: 90_000n,
  perLeg: 5_000n,
}

/** Estimated gas units of a transaction executing `legs`: the model's fixed parts plus each hop's kind's gas. */
export function computeRouteGasUnits(legs: readonly Leg[], model: GasModel = defaultGasModel): bigint {
  let gas = model.base
  for (const leg of legs) {
    gas += model.perLeg
    for (const hop of leg.hops) gas += poolKindOf(hop.pool).hopGasUnits(hop.ticksCrossed)
  }
  return gas
}

/**
 * Gas cost in a token's base units: floor(gasUnits * gasPriceWei * num / den), where `nativePriceInToken`
 * is the token's base units per 1 wei of native currency. Returns 0 when either price is missing.
 */
export function computeGasCostInToken(params: {
  gasUnits: bigint
  gasPriceWei?: bigint
  nativePriceInToken?: Price
}): bigint {
  const { gasUnits, gasPriceWei, nativePriceInToken } = params
  if (gasPriceWei === undefined || nativePriceInToken === undefined || nativePriceInToken.den <= 0n) return 0n
  return (gasUnits * gasPriceWei * nativePriceInToken.num) / nativePriceInToken.den
}

/**
 * Estimated gas units of a `swapExactInRoute` transaction executing `steps`: the model's base, and per step
 * the per-leg bookkeeping (a step reads and moves a balance as a leg does) plus its pool kind's hop gas.
 */
export function computeStepsGasUnits(
  steps: readonly { readonly pool: Leg['hops'][number]['pool']; readonly ticksCrossed: number }[],
  model: GasModel = defaultGasModel,
): bigint {
  let gas = model.base
  for (const step of steps) gas += model.perLeg + poolKindOf(step.pool).hopGasUnits(step.ticksCrossed)
  return gas
}
