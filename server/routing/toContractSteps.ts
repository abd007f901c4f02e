import { poolKindOf } from '../poolKinds/poolKinds'
import type { RouteStepPlan } from './quoteRouteSteps'
import type { ContractHop } from './types'

/** ABI-ready step: `Step` struct of the Aggregator (a hop and its share). */
export interface ContractStep extends ContractHop {
  readonly share: bigint
}

/** The `Step[]` of `Aggregator.swapExactInRoute` for planned steps: each pool through its kind's ids. */
export function toContractSteps(steps: readonly RouteStepPlan[]): ContractStep[] {
  return steps.map((step) => {
    const kind = poolKindOf(step.pool)
    return {
      kind: kind.contractKind,
      factoryId: step.pool.factoryId,
      tokenIn: step.tokenIn,
      tokenOut: step.tokenOut,
      fee: kind.contractHopFee(step.pool),
      share: step.share,
    }
  })
}
