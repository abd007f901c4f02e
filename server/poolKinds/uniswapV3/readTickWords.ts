import type { Address } from 'viem'
import type { PoolReader } from '../PoolKind'
import type { ConcentratedPoolLens } from './ConcentratedPoolLens'
import type { TickWords, V3Tick } from './V3PoolState'

/**
 * The initialized ticks of each asked run of a pool's bitmap words at `blockNumber`, through `lens` in two rounds
 * of multicalls pinned to the block: the words, then the liquidityNet of each tick whose bit is set. One sorted
 * list per request. Throws when a read fails.
 */
export async function readTickWords<P extends { readonly tickSpacing: number }>(
  reader: PoolReader,
  params: {
    requests: readonly { pool: P; words: TickWords }[]
    blockNumber: bigint
    multicallAddress: Address
    lens: ConcentratedPoolLens<P>
  },
): Promise<V3Tick[][]> {
  const { requests, blockNumber, multicallAddress, lens } = params
  const call = { blockNumber, multicallAddress, allowFailure: false as const, batchSize: 8_192 }
  const wordCalls: { request: number; word: number }[] = []
  requests.forEach(({ words }, request) => {
    for (let word = words.first; word <= words.last; word++) wordCalls.push({ request, word })
  })
  const poolOf = (request: number) => (requests[request] as { pool: P }).pool
  const bitmaps =
    wordCalls.length === 0
      ? []
      : await reader.multicall({
          ...call,
          contracts: wordCalls.map(({ request, word }) => lens.tickBitmap(poolOf(request), word)),
        })
  const tickCalls: { request: number; tick: number }[] = []
  bitmaps.forEach((bits, i) => {
    const wc = wordCalls[i]
    if (!wc || typeof bits !== 'bigint' || bits === 0n) return
    const spacing = poolOf(wc.request).tickSpacing
    for (let bit = 0; bit < 256; bit++) {
      if ((bits >> BigInt(bit)) & 1n)
        tickCalls.push({ request: wc.request, tick: (wc.word * 256 + bit) * spacing })
    }
  })
  const infos =
    tickCalls.length === 0
      ? []
      : await reader.multicall({
          ...call,
          contracts: tickCalls.map(({ request, tick }) => lens.tick(poolOf(request), tick)),
        })
  const ticks = requests.map((): V3Tick[] => [])
  tickCalls.forEach(({ request, tick }, i) => {
    const info = infos[i] as readonly [bigint, bigint, ...unknown[]] | undefined
    if (info) ticks[request]?.push({ index: tick, liquidityNet: info[1] })
  })
  return ticks.map((list) => list.sort((a, b) => a.index - b.index))
}
