import { type Address, isAddressEqual } from 'viem'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { poolKindOf } from '../poolKinds/poolKinds'
import { STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { gaslessLimits } from './gaslessLimits'
import { hashRoute, type RouteStep } from './gaslessOrderTypes'

/** Pools are matched by what the Aggregator resolves a step with: kind, factory, the pair and the fee. */
const stepKey = (kind: number, factoryId: number, a: Address, b: Address, fee: number) => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()].sort()
  return `${kind}:${factoryId}:${x}:${y}:${fee}`
}
const poolKeysOf = new WeakMap<readonly unknown[], ReadonlySet<string>>()

/**
 * Refuses a gasless route the server would not have quoted: `tradeHash` must be the hash of `steps`, the steps a
 * single path (each spends all it holds) of at most `gaslessLimits.maxSteps` from `srcToken` to `dstToken`,
 * every token listed on the chain and every step a pool of the chain's snapshot. So the relayer only ever runs
 * routes through tokens and pools we know, whose gas the fee budgets (an unknown token's `transferFrom` may burn
 * any gas). Throws AppError INVALID_ORDER naming the field.
 */
export function assertGaslessRoute(
  market: Pick<ChainMarket, 'findToken' | 'getSnapshot'>,
  order: { srcToken: Address; dstToken: Address; tradeHash: string },
  steps: readonly RouteStep[],
): void {
  const refuse = (message: string, param: string): never => {
    throw new AppError('INVALID_ORDER', message, { details: { param } })
  }
  if (hashRoute(steps) !== order.tradeHash.toLowerCase()) {
    refuse('tradeHash does not match the route in call', 'tradeHash')
  }
  for (const [param, token] of [
    ['srcToken', order.srcToken],
    ['dstToken', order.dstToken],
  ] as const) {
    if (!market.findToken(token)) refuse(`${param} ${token} is not a token listed on this chain`, param)
  }
  if (steps.length > gaslessLimits.maxSteps) {
    refuse(`the route has ${steps.length} steps, at most ${gaslessLimits.maxSteps} are allowed`, 'call')
  }
  const { pools } = market.getSnapshot()
  let keys = poolKeysOf.get(pools)
  if (!keys) {
    keys = new Set(
      pools.map((pool) =>
        stepKey(
          poolKindOf(pool).contractKind,
          pool.factoryId,
          pool.token0,
          pool.token1,
          poolKindOf(pool).contractHopFee(pool),
        ),
      ),
    )
    poolKeysOf.set(pools, keys)
  }
  let holding = order.srcToken
  for (const [i, step] of steps.entries()) {
    if (step.share !== STEP_SHARE_ONE) {
      refuse(
        `call[${i}].share must be ${STEP_SHARE_ONE} (a gasless route is a single path)`,
        `call[${i}].share`,
      )
    }
    if (!isAddressEqual(step.tokenIn, holding)) {
      refuse(`call[${i}].tokenIn must be ${holding}, what the route holds at that step`, `call[${i}].tokenIn`)
    }
    if (!market.findToken(step.tokenOut)) {
      refuse(
        `call[${i}].tokenOut ${step.tokenOut} is not a token listed on this chain`,
        `call[${i}].tokenOut`,
      )
    }
    if (!keys.has(stepKey(step.kind, step.factoryId, step.tokenIn, step.tokenOut, step.fee))) {
      refuse(`call[${i}] names no pool known on this chain`, `call[${i}]`)
    }
    holding = step.tokenOut
  }
  if (!isAddressEqual(holding, order.dstToken)) {
    refuse(`the route ends in ${holding}, not in dstToken ${order.dstToken}`, 'call')
  }
}
