import type { PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import type { PoolReader } from '../PoolKind'
import { makeV3Pool, makeWideV3Pool, testAddress } from '../testPools'
import { planTickWords, tickWordsLeft, withTickWords } from './completeConcentratedPoolStates'
import { uniswapV3PoolKind as kind } from './uniswapV3PoolKind'
import type { V3PoolState } from './V3PoolState'

const E18 = 10n ** 18n
const token0 = testAddress(1)
const token1 = testAddress(2)
// spacing 1: a word is 256 ticks; positions from word -12 to word 11
const whole = makeWideV3Pool()

/** A node holding `pool` (its bitmap built from its ticks) that answers a V3 pool's reads, counting them. */
function fakeNode(pool: V3PoolState) {
  const reads = { bitmapWords: 0, ticks: 0, blocks: new Set<bigint>() }
  const bitmap = new Map<number, bigint>()
  for (const t of pool.ticks) {
    const compressed = t.index / pool.tickSpacing
    const word = compressed >> 8
    bitmap.set(word, (bitmap.get(word) ?? 0n) | (1n << BigInt(compressed - word * 256)))
  }
  const answer = (call: { functionName: string; args?: readonly unknown[] }) => {
    switch (call.functionName) {
      case 'slot0':
        return [pool.sqrtPriceX96, pool.tick, 0, 1, 1, 0, true]
      case 'liquidity':
        return pool.liquidity
      case 'tickBitmap':
        reads.bitmapWords++
        return bitmap.get(Number(call.args?.[0])) ?? 0n
      case 'ticks': {
        reads.ticks++
        const net = pool.ticks.find((t) => t.index === Number(call.args?.[0]))?.liquidityNet ?? 0n
        return [net < 0n ? -net : net, net, 0n, 0n, 0n, 0n, 0, true]
      }
      default:
        throw new Error(`unexpected read ${call.functionName}`)
    }
  }
  const multicall = (async (args: { blockNumber?: bigint; contracts: readonly never[] }) => {
    if (args.blockNumber !== undefined) reads.blocks.add(args.blockNumber)
    return args.contracts.map(answer)
  }) as unknown as PublicClient['multicall']
  const reader: PoolReader = { multicall, getContractEvents: () => Promise.reject(new Error('no logs')) }
  return { reader, reads }
}

const descriptor = {
  kind: 'uniswap-v3' as const,
  address: whole.address,
  exchangeId: whole.exchangeId,
  factoryId: whole.factoryId,
  token0,
  token1,
  fee: whole.fee,
  tickSpacing: whole.tickSpacing,
}

describe('a concentrated pool read around its price, then in full', () => {
  it('reads the five words around the price at a load, and the rest a bounded batch at a time, at the block asked', async () => {
    const { reader, reads } = fakeNode(whole)
    const params = { blockNumber: 42n, multicallAddress: testAddress(0) }
    const [loaded] = await kind.readPoolStates(reader, { ...params, pools: [descriptor] })
    if (!loaded) throw new Error('no state')
    expect(loaded.tickWords).toEqual({ first: -2, last: 2 })
    expect(loaded.ticks).toEqual(whole.ticks.filter((t) => t.index >= -512 && t.index <= 767))
    expect(reads.bitmapWords).toBe(5)
    // spacing 1 uses words -3466..3465
    expect(kind.readsLeft?.(loaded)).toBe(6_932 - 5)
    let state = loaded
    let batches = 0
    while ((kind.readsLeft?.(state) ?? 0) > 0) {
      const [next] =
        (await kind.completePoolStates?.(reader, { ...params, pools: [state], maxReads: 1_000 })) ?? []
      if (!next) throw new Error('no progress')
      expect(tickWordsLeft(state) - tickWordsLeft(next)).toBe(Math.min(1_000, tickWordsLeft(state)))
      state = next
      batches++
    }
    expect(batches).toBe(7)
    expect(state).toEqual(whole)
    expect(state.tickWords).toBeUndefined()
    expect([reads.bitmapWords, reads.ticks, [...reads.blocks]]).toEqual([6_932, whole.ticks.length, [42n]])
  })

  it('reads a pool whose spacing has no more words than the window in full at once', async () => {
    const wide = { ...whole, tickSpacing: 3_000, ticks: [] }
    const { reader, reads } = fakeNode(wide)
    const [loaded] = await kind.readPoolStates(reader, {
      pools: [{ ...descriptor, tickSpacing: 3_000 }],
      blockNumber: 1n,
      multicallAddress: testAddress(0),
    })
    // spacing 3,000 uses words -2..1: all within two of word 0
    expect([loaded?.tickWords, reads.bitmapWords]).toEqual([undefined, 4])
  })

  it('plans the pools nearest their known edges first, a share of the budget a side, more where the price left them', () => {
    const around = { first: -2, last: 2 }
    const near = { ...whole, tickWords: around }
    const moved = { ...whole, address: testAddress(9), tick: 900, tickWords: around }
    const coarse = makeV3Pool({ id: 3, token0, token1, tick: 0, positions: [] })
    const coarsePart = { ...coarse, tickWords: around }
    const plan = planTickWords([near, coarsePart, moved, coarse], 40)
    expect(plan.map(({ pool, words }) => [pool.address, words])).toEqual([
      // the price (word 3) left the known words above: a share of 8 plus the word up to it
      [moved.address, { first: -10, last: -3 }],
      [moved.address, { first: 3, last: 11 }],
      [near.address, { first: -10, last: -3 }],
      [near.address, { first: 3, last: 10 }],
      // the budget's last 7 words
      [coarse.address, { first: -9, last: -3 }],
    ])
    // a budget larger than the words left: every side read to its end in one plan
    const all = planTickWords([coarsePart], 1_000)
    expect(all.map((r) => r.words)).toEqual([
      { first: -58, last: -3 },
      { first: 3, last: 57 },
    ])
  })

  it('widens the known words with what was read, a tick a log added there replaced by the read', () => {
    const part = {
      ...whole,
      tickWords: { first: -2, last: 2 },
      // a Mint log's tick at 1,000 (word 3), not read from the bitmap yet
      ticks: [
        ...whole.ticks.filter((t) => t.index >= -512 && t.index <= 767),
        { index: 1_000, liquidityNet: 1n },
      ],
    }
    const read = { words: { first: 3, last: 11 }, ticks: [{ index: 3_000, liquidityNet: -4n * E18 }] }
    const widened = withTickWords(part, [read])
    expect(widened.tickWords).toEqual({ first: -2, last: 11 })
    // the known ticks (100, 200, 700) and the read one; 1,000 was not in word 3's bitmap
    const known = whole.ticks.filter((t) => t.index >= 100 && t.index <= 700)
    expect(known.map((t) => t.index)).toEqual([100, 200, 700])
    expect(widened.ticks).toEqual([...known, { index: 3_000, liquidityNet: -4n * E18 }])
  })
})
