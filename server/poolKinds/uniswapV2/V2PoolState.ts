import type { PoolStateBase } from '../PoolKind'

/** The immutable facts of a Uniswap V2-style pair; `feeBps` is the pair's swap fee (30 for Uniswap V2). */
export interface V2PoolDescriptor extends PoolStateBase {
  readonly kind: 'uniswap-v2'
  readonly feeBps: number
}

/** Snapshot of a Uniswap V2-style pair: its descriptor and its reserves in base units. */
export interface V2PoolState extends V2PoolDescriptor {
  readonly reserve0: bigint
  readonly reserve1: bigint
}
