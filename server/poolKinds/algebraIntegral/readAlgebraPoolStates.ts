import type { Address } from 'viem'
import type { PoolReader } from '../PoolKind'
import type { V3Tick } from '../uniswapV3/V3PoolState'
import type { AlgebraPoolDescriptor, AlgebraPoolState } from './AlgebraPoolState'
import { algebraPoolAbi } from './algebraIntegralAbis'

/** TickTree.SECOND_LAYER_OFFSET: ceil(-MIN_TICK / 256), so leaf words -3466..3465 are nodes 0..6931. */
const SECOND_LAYER_OFFSET = 3466
/** Second-layer words 0..27 hold the 6932 leaf nodes' bits. */
const SECOND_LAYER_WORDS = Array.from({ length: 28 }, (_, i) => i)

function setBits(word: bigint): number[] {
  const bits: number[] = []
  for (let bit = 0; word >> BigInt(bit) !== 0n; bit++) if ((word >> BigInt(bit)) & 1n) bits.push(bit)
  return bits
}

/**
 * The full state of each Algebra Integral pool at `blockNumber`, in three rounds of multicalls pinned to the block:
 * globalState (price, tick, fee, plugin config), in-range liquidity, tick spacing and the 28 second-layer words of
 * the pool's tick tree; then the leaf words (`tickTable`, 256 uncompressed ticks each) those words mark non-empty;
 * then `ticks()` of each initialized tick for its liquidityDelta. Throws when a read fails.
 */
export async function readAlgebraPoolStates(
  reader: PoolReader,
  params: { pools: readonly AlgebraPoolDescriptor[]; blockNumber: bigint; multicallAddress: Address },
): Promise<AlgebraPoolState[]> {
  const { pools, blockNumber, multicallAddress } = params
  if (pools.length === 0) return []
  const call = { blockNumber, multicallAddress, allowFailure: false as const, batchSize: 8_192 }
  const perPool = 3 + SECOND_LAYER_WORDS.length
  const heads = await reader.multicall({
    ...call,
    contracts: pools.flatMap((p) => [
      { address: p.address, abi: algebraPoolAbi, functionName: 'globalState' } as const,
      { address: p.address, abi: algebraPoolAbi, functionName: 'liquidity' } as const,
      { address: p.address, abi: algebraPoolAbi, functionName: 'tickSpacing' } as const,
      ...SECOND_LAYER_WORDS.map(
        (word) =>
          ({
            address: p.address,
            abi: algebraPoolAbi,
            functionName: 'tickTreeSecondLayer',
            args: [word],
          }) as const,
      ),
    ]),
  })
  const leafCalls: { poolIndex: number; leaf: number }[] = []
  pools.forEach((_, poolIndex) => {
    SECOND_LAYER_WORDS.forEach((word, k) => {
      const bits = heads[poolIndex * perPool + 3 + k]
      if (typeof bits !== 'bigint') return
      for (const bit of setBits(bits))
        leafCalls.push({ poolIndex, leaf: word * 256 + bit - SECOND_LAYER_OFFSET })
    })
  })
  const leaves = await reader.multicall({
    ...call,
    contracts: leafCalls.map(({ poolIndex, leaf }) => ({
      address: pools[poolIndex]?.address ?? '0x',
      abi: algebraPoolAbi,
      functionName: 'tickTable' as const,
      args: [leaf] as const,
    })),
  })
  const tickCalls: { poolIndex: number; tick: number }[] = []
  leafCalls.forEach(({ poolIndex, leaf }, i) => {
    const bits = leaves[i]
    if (typeof bits === 'bigint')
      for (const bit of setBits(bits)) tickCalls.push({ poolIndex, tick: leaf * 256 + bit })
  })
  const tickInfos = await reader.multicall({
    ...call,
    contracts: tickCalls.map(({ poolIndex, tick }) => ({
      address: pools[poolIndex]?.address ?? '0x',
      abi: algebraPoolAbi,
      functionName: 'ticks' as const,
      args: [tick] as const,
    })),
  })
  const ticksByPool = pools.map((): V3Tick[] => [])
  tickCalls.forEach(({ poolIndex, tick }, i) => {
    const info = tickInfos[i]
    if (info) ticksByPool[poolIndex]?.push({ index: tick, liquidityNet: info[1] })
  })
  return pools.map((pool, i) => {
    const globalState = heads[i * perPool] as
      | readonly [bigint, number, number, number, number, boolean]
      | undefined
    const liquidity = heads[i * perPool + 1]
    const tickSpacing = heads[i * perPool + 2]
    if (!globalState || typeof liquidity !== 'bigint' || typeof tickSpacing !== 'number') {
      throw new Error(`missing state for Algebra pool ${pool.address}`)
    }
    const [sqrtPriceX96, tick, fee, pluginConfig] = globalState
    const ticks = (ticksByPool[i] ?? []).sort((a, b) => a.index - b.index)
    return { ...pool, sqrtPriceX96, tick, fee, pluginConfig, tickSpacing, liquidity, ticks }
  })
}
