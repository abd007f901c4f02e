import type { Address } from 'viem'

/** The immutable facts about a pool: who made it, which tokens, which fee. Its state lives elsewhere. */
export type PoolDescriptor = V2PoolDescriptor | V3PoolDescriptor

export interface V2PoolDescriptor {
  kind: 'v2'
  address: Address
  exchangeId: string
  factoryId: number
  token0: Address
  token1: Address
  feeBps: number
}

export interface V3PoolDescriptor {
  kind: 'v3'
  address: Address
  exchangeId: string
  factoryId: number
  token0: Address
  token1: Address
  /** Fee in pips (hundredths of a basis point): 500, 3000, 10000. */
  fee: number
  tickSpacing: number
}
