import type { PublicClient } from 'viem'
import type { PoolState, V3PoolState } from '../routing/types'
import { v2PairAbi, v3PoolAbi } from './poolAbis'
import type { PoolDescriptor, V2PoolDescriptor, V3PoolDescriptor } from './poolDescriptor'

const MIN_TICK = -887272
const MAX_TICK = 887272

export interface ReadPoolStatesParams {
  pools: readonly PoolDescriptor[]
  blockNumber: bigint
  multicallAddress: `0x${string}`
}

/**
 * Reads the full state of each pool at one block through Multicall3: V2 reserves; V3 price, tick,
 * in-range liquidity and every initialized tick (bitmap words, then `ticks()` of each set bit).
 * All reads pin `blockNumber`, so the returned states are mutually consistent.
 */
export async function readPoolStates(
  client: PublicClient,
  { pools, blockNumber, multicallAddress }: ReadPoolStatesParams,
): Promise<PoolState[]> {
  const v2 = pools.filter((p): p is V2PoolDescriptor => p.kind === 'v2')
  const v3 = pools.filter((p): p is V3PoolDescriptor => p.kind === 'v3')
  const call = { blockNumber, multicallAddress, allowFailure: false as const, batchSize: 8_192 }

  const [reserves, v3Heads] = await Promise.all([
    client.multicall({
      ...call,
      contracts: v2.map((p) => ({
        address: p.address,
        abi: v2PairAbi,
        functionName: 'getReserves' as const,
      })),
    }),
    client.multicall({
      ...call,
      contracts: v3.flatMap((p) => [
        { address: p.address, abi: v3PoolAbi, functionName: 'slot0' as const },
        { address: p.address, abi: v3PoolAbi, functionName: 'liquidity' as const },
      ]),
    }),
  ])

  const wordCalls = v3.flatMap((p, poolIndex) =>
    bitmapWordRange(p.tickSpacing).map((word) => ({ poolIndex, word })),
  )
  const words = await client.multicall({
    ...call,
    contracts: wordCalls.map(({ poolIndex, word }) => ({
      address: poolAt(v3, poolIndex).address,
      abi: v3PoolAbi,
      functionName: 'tickBitmap' as const,
      args: [word] as const,
    })),
  })
  const tickCalls: { poolIndex: number; tick: number }[] = []
  words.forEach((bits, i) => {
    const wc = wordCalls[i]
    if (!wc || bits === 0n) return
    const spacing = poolAt(v3, wc.poolIndex).tickSpacing
    for (let bit = 0; bit < 256; bit++) {
      if ((bits >> BigInt(bit)) & 1n)
        tickCalls.push({ poolIndex: wc.poolIndex, tick: (wc.word * 256 + bit) * spacing })
    }
  })
  const tickInfos = await client.multicall({
    ...call,
    contracts: tickCalls.map(({ poolIndex, tick }) => ({
      address: poolAt(v3, poolIndex).address,
      abi: v3PoolAbi,
      functionName: 'ticks' as const,
      args: [tick] as const,
    })),
  })
  const ticksByPool = v3.map((): { index: number; liquidityNet: bigint }[] => [])
  tickCalls.forEach(({ poolIndex, tick }, i) => {
    const info = tickInfos[i]
    if (info) ticksByPool[poolIndex]?.push({ index: tick, liquidityNet: info[1] })
  })

  const v2States: PoolState[] = v2.map((p, i) => {
    const r = reserves[i]
    if (!r) throw new Error(`missing reserves for ${p.address}`)
    return { ...p, reserve0: r[0], reserve1: r[1] }
  })
  const v3States: V3PoolState[] = v3.map((p, i) => {
    const slot0 = v3Heads[2 * i] as readonly [bigint, number, ...unknown[]] | undefined
    const liquidity = v3Heads[2 * i + 1] as bigint | undefined
    if (!slot0 || liquidity === undefined) throw new Error(`missing state for ${p.address}`)
    const ticks = (ticksByPool[i] ?? []).sort((a, b) => a.index - b.index)
    return { ...p, sqrtPriceX96: slot0[0], tick: slot0[1], liquidity, ticks }
  })
  return [...v2States, ...v3States]
}

function poolAt(pools: readonly V3PoolDescriptor[], i: number): V3PoolDescriptor {
  const p = pools[i]
  if (!p) throw new Error(`pool index ${i} out of range`)
  return p
}

/** Every tick-bitmap word a pool with this spacing can use (Solidity's `>> 8` floors, as does JS's). */
export function bitmapWordRange(tickSpacing: number): number[] {
  const first = Math.floor(MIN_TICK / tickSpacing) >> 8
  const last = Math.floor(MAX_TICK / tickSpacing) >> 8
  const words: number[] = []
  for (let w = first; w <= last; w++) words.push(w)
  return words
}
