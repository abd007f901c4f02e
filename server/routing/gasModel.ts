import type { Leg, Price } from './types'

/**
 * Gas units per transaction part. Origin of the defaults (cancun, warm-ish storage, measured orders of
 * magnitude for Uniswap-style swaps, refined later against the devnet):
 *
 * | part            | gas    | what it covers                                                        |
 * |-----------------|--------|-----------------------------------------------------------------------|
 * | base            | 90 000 | 21k intrinsic, calldata, transferFrom in, fee + receiver transfers    |
 * | perLeg          |  5 000 | leg bookkeeping, balance checks                                       |
 * | v2Hop           | 60 000 | transfer to the pair, pair.swap (reserve update, transfer out)        |
 * | v3Hop           | 80 000 | pool.swap with callback payment, within one initialized range         |
 * | v3TickCrossed   | 15 000 | each initialized tick crossed (tick state + liquidity update)         |
 */
export interface GasModel {
  readonly base: bigint
  readonly perLeg: bigint
  readonly v2Hop: bigint
  readonly v3Hop: bigint
  readonly v3TickCrossed: bigint
}

export const defaultGasModel: GasModel = {
  base: 90_000n,
  perLeg: 5_000n,
  v2Hop: 60_000n,
  v3Hop: 80_000n,
  v3TickCrossed: 15_000n,
}

/** Estimated gas units of a transaction executing `legs`, per the table of `GasModel`. */
export function computeRouteGasUnits(legs: readonly Leg[], model: GasModel = defaultGasModel): bigint {
  let gas = model.base
  for (const leg of legs) {
    gas += model.perLeg
    for (const hop of leg.hops) {
      gas +=
        hop.pool.kind === 'v2' ? model.v2Hop : model.v3Hop + model.v3TickCrossed * BigInt(hop.ticksCrossed)
    }
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
