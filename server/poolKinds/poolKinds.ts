import { algebraIntegralPoolKind } from './algebraIntegral/algebraIntegralPoolKind'
import type { PoolKind, PoolStateBase } from './PoolKind'
import { uniswapV2PoolKind } from './uniswapV2/uniswapV2PoolKind'
import { uniswapV3PoolKind } from './uniswapV3/uniswapV3PoolKind'
import { uniswapV4PoolKind } from './uniswapV4/uniswapV4PoolKind'

/**
 * The pool kinds the server routes through, keyed by id. Each entry's `contractKind` is the Aggregator's id for
 * it (contracts/src/Aggregator.sol, `KIND_*`); a test holds the two in step. Adding a kind: a folder beside
 * these with its state type and `PoolKind`, one line here, and its `KIND_*` branch in the contract.
 */
export const poolKinds = {
  'uniswap-v2': uniswapV2PoolKind,
  'uniswap-v3': uniswapV3PoolKind,
  'uniswap-v4': uniswapV4PoolKind,
  'algebra-integral': algebraIntegralPoolKind,
} as const

/** A pool kind's id: `ExchangeInfo.kind` and `PoolState.kind`. */
export type PoolKindId = keyof typeof poolKinds

type Registered = (typeof poolKinds)[PoolKindId]

/** The state of any pool the server knows, discriminated by `kind`. */
export type PoolState = Registered extends infer K
  ? K extends PoolKind<infer S, infer _D>
    ? S
    : never
  : never

/** What discovery finds of any pool (its state without the parts read from the node). */
export type PoolDescriptor = Registered extends infer K
  ? K extends PoolKind<infer _S, infer D>
    ? D
    : never
  : never

/** Every registered kind id, in table order (never empty: the table above has entries). */
export const poolKindIds = Object.keys(poolKinds) as [PoolKindId, ...PoolKindId[]]

/**
 * The kind of `pool`, typed for a pool of that kind. The one place where a pool meets its kind's code:
 * the table is keyed by the same `kind` the pool carries, so the adapter always receives its own states.
 */
export function poolKindOf<P extends PoolState>(pool: P): PoolKind<P> {
  return poolKinds[pool.kind] as unknown as PoolKind<P>
}

/**
 * The kind registered as `id`, typed over pools of any kind, for code that handles every kind alike (pool
 * sync). The one place where kinds lose their own types: each kind only ever receives the descriptors and
 * states it produced, because both carry its id.
 */
export function getPoolKind(id: PoolKindId): PoolKind<PoolState, PoolDescriptor> {
  return poolKinds[id] as unknown as PoolKind<PoolState, PoolDescriptor>
}

/** The kind whose `contractKind` is `contractKind`, if one is registered. */
export function findPoolKindByContractKind(contractKind: number): PoolKind<PoolStateBase> | undefined {
  return Object.values(poolKinds).find((kind) => kind.contractKind === contractKind) as
    | PoolKind<PoolStateBase>
    | undefined
}
