import {
  type Address,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  type Hex,
  type Log,
  zeroHash,
} from 'viem'
import { describe, expect, it } from 'vitest'
import type { PoolReader } from '../PoolKind'
import { makeV2Pool, testAddress } from '../testPools'
import { simulateV2Swap } from './simulateV2Swap'
import { v2PairAbi } from './uniswapV2Abis'
import { uniswapV2PoolKind as kind } from './uniswapV2PoolKind'
import type { V2PoolState } from './V2PoolState'

const E18 = 10n ** 18n
// pool sync keys pools by checksummed address, as discovery spells them
const pool = {
  ...makeV2Pool({
    id: 1,
    tokenA: testAddress(1),
    tokenB: testAddress(2),
    reserveA: 100n * E18,
    reserveB: 300n * E18,
  }),
  address: getAddress(testAddress(0xabcdef)),
}
const noReads: PoolReader = {
  multicall: () => Promise.reject(new Error('a Sync log carries the state: no read expected')),
  getContractEvents: () => Promise.reject(new Error('no discovery expected')),
}

function syncLog(address: Address, reserve0: bigint, reserve1: bigint, logIndex: number): Log {
  return {
    address: address.toLowerCase() as Address,
    topics: encodeEventTopics({ abi: v2PairAbi, eventName: 'Sync' }) as [Hex],
    data: encodeAbiParameters([{ type: 'uint112' }, { type: 'uint112' }], [reserve0, reserve1]),
    blockHash: zeroHash,
    blockNumber: 5n,
    logIndex,
    transactionHash: zeroHash,
    transactionIndex: 0,
    removed: false,
  }
}

describe('uniswapV2PoolKind', () => {
  it('applies the last Sync of each pair, from the log alone', async () => {
    const pools = new Map<Address, V2PoolState>([[pool.address, pool]])
    const logs = [
      syncLog(pool.address, 1n, 2n, 0),
      syncLog(pool.address, 7n, 9n, 1),
      syncLog(testAddress(99), 3n, 3n, 2),
    ]
    const changed = await kind.applyPoolLogs(noReads, {
      pools,
      logs,
      blockNumber: 5n,
      multicallAddress: testAddress(0),
    })
    expect([...changed.values()]).toEqual([{ ...pool, reserve0: 7n, reserve1: 9n }])
  })

  it('swaps with the pair math in both directions and sides', () => {
    const sim = kind.createHopSimulator(pool, true)
    expect(sim.exactIn(E18).amountOut).toBe(
      simulateV2Swap(pool, { zeroForOne: true, amountSpecified: E18 }).amountOut,
    )
    expect(sim.exactIn(E18).amountOut).toBe(2_961_474_103_191_183_896n)
    expect(sim.exactOut(E18).amountIn).toBe(
      simulateV2Swap(pool, { zeroForOne: true, amountSpecified: -E18 }).amountIn,
    )
    // the models' floating-point output: the pair math before its floor
    const near = (approx: number | null, exact: bigint) => Math.abs((approx ?? 0) - Number(exact)) < 1e4
    expect(near(sim.approxExactIn(1e18), 2_961_474_103_191_183_896n)).toBe(true)
    expect(near(kind.createHopSimulator(pool, false).approxExactIn(3e18), 987_158_034_397_061_298n)).toBe(
      true,
    )
    expect(sim.approxExactIn(0)).toBeNull()
    const crossed = { ticks: -1 }
    sim.approxExactIn(1e18, crossed)
    expect(crossed.ticks).toBe(0)
  })

  it('describes itself to the router, the API and the contract', () => {
    expect(kind.contractKind).toBe(0)
    expect(kind.acceptsTaxedInput).toBe(true)
    expect(kind.hopGasUnits(0)).toBe(60_000n)
    // a pair's swap runs the same code whatever the amount
    expect(kind.swapPathKey(pool, true, 1n, true)).toBe('')
    expect(kind.swapPathKey(pool, false, E18, false)).toBe('')
    expect(kind.midPrice(pool, true)).toEqual({ num: 300n * E18, den: 100n * E18 })
    expect(kind.midPrice(pool, false)).toEqual({ num: 100n * E18, den: 300n * E18 })
    expect(kind.virtualReserves(pool)).toEqual([1e20, 3e20])
    expect(kind.feePips(pool)).toBe(3000)
    expect(kind.contractHopFee(pool)).toBe(0)
    expect(kind.isUsable(pool)).toBe(true)
    expect(kind.isUsable({ ...pool, reserve1: 0n })).toBe(false)
  })
})
