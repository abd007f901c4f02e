import type { ContractLeg, Route } from './types'

/**
 * The ABI-ready `Leg[]` for `swapExactIn` / `swapExactOut`: per leg its amount (exact in: the leg's input after
 * the pull tax; exact out: the leg's gross output) and its hops (kind 0 = V2, 1 = V3, factoryId, tokens, V3 fee
 * in pips, 0 for V2). The contract derives each pool from (factory, tokens, fee) and gives the LAST leg the
 * remainder, which equals its amount here because the legs sum exactly to the routed total.
 */
export function toContractLegs(route: Route): ContractLeg[] {
  return route.legs.map((leg) => ({
    amount: route.tradeType === 'exactIn' ? leg.amountIn : leg.amountOut,
    hops: leg.hops.map((hop) => ({
      kind: hop.pool.kind === 'v2' ? 0 : 1,
      factoryId: hop.pool.factoryId,
      tokenIn: hop.tokenIn,
      tokenOut: hop.tokenOut,
      fee: hop.pool.kind === 'v2' ? 0 : hop.pool.fee,
    })),
  }))
}
