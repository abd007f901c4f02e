import { poolKindOf } from '../poolKinds/poolKinds'
import type { ContractLeg, Route } from './types'

/**
 * The ABI-ready `Leg[]` for `swapExactIn` / `swapExactOut`: per leg its amount (exact in: the leg's input after
 * the pull tax; exact out: the leg's gross output) and its hops (the pool kind's `contractKind` and
 * `contractHopFee`, factoryId, tokens). The contract derives each pool from (factory, tokens, fee) and gives the LAST leg the
 * remainder, which equals its amount here because the legs sum exactly to the routed total.
 */
export function toContractLegs(route: Route): ContractLeg[] {
  return route.legs.map((leg) => ({
    amount: route.tradeType === 'exactIn' ? leg.amountIn : leg.amountOut,
    hops: leg.hops.map((hop) => {
      const kind = poolKindOf(hop.pool)
      return {
        kind: kind.contractKind,
        factoryId: hop.pool.factoryId,
        tokenIn: hop.tokenIn,
        tokenOut: hop.tokenOut,
        fee: kind.contractHopFee(hop.pool),
      }
    }),
  }))
}
