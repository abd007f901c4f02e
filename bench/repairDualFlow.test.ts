import { describe, expect, it } from 'vitest'
import { poolKindOf } from '../server/poolKinds/poolKinds'
import { makeV2Pool, testAddress } from '../server/poolKinds/testPools'
import type { V2PoolState } from '../server/poolKinds/uniswapV2/V2PoolState'
import { type DualFlowEdge, repairDualFlow } from './repairDualFlow'

const E18 = 10n ** 18n
// token indices and their addresses: 0 sells, 3 buys
const [IN, B, D, OUT, E] = [0, 1, 2, 3, 4]
const address = (token: number) => testAddress(token + 1)

function pair(id: number, from: number, to: number): V2PoolState {
  return makeV2Pool({
    id,
    tokenA: address(from),
    tokenB: address(to),
    reserveA: 1_000_000n * E18,
    reserveB: 1_000_000n * E18,
  })
}

function edge(pool: V2PoolState, from: number, to: number, value: number): DualFlowEdge {
  return { pool, zeroForOne: pool.token0 === address(from), from, to, value }
}

function exactIn(pool: V2PoolState, from: number, amount: bigint) {
  return poolKindOf(pool)
    .createHopSimulator(pool, pool.token0 === address(from))
    .exactIn(amount).amountOut
}

describe('repairDualFlow', () => {
  const inB = pair(1, IN, B)
  const bOut = pair(2, B, OUT)
  const bD = pair(3, B, D)
  const dB = pair(4, D, B)
  const eOut = pair(5, E, OUT)
  const bDust = pair(6, B, E)
  const amountIn = 1_000n * E18

  it('cancels a cycle by its smallest value, drops what tokenIn does not reach, and splits by what is left', () => {
    const flow = repairDualFlow({
      tokenCount: 5,
      tokenIn: IN,
      tokenOut: OUT,
      amountIn,
      edges: [
        edge(inB, IN, B, 10),
        edge(bOut, B, OUT, 8),
        // the cycle B -> D -> B: 2 off both, so only B -> D is left, with 1
        edge(bD, B, D, 3),
        edge(dB, D, B, 2),
        // E is reached by nothing
        edge(eOut, E, OUT, 5),
        // under 1e-7 of B's largest edge: dust, its share to the others
        edge(bDust, B, E, 1e-7),
      ],
    })
    const atB = exactIn(inB, IN, amountIn)
    const toD = BigInt(Math.floor((Number(atB) * 1) / 9))
    const toOut = atB - toD
    expect(flow.steps.map((s) => [s.pool.address, s.from, s.to, s.amountIn, s.value])).toEqual([
      [inB.address, IN, B, amountIn, 10],
      [bOut.address, B, OUT, toOut, 8],
      [bD.address, B, D, toD, 1],
    ])
    // what reaches D has no way on: lost
    expect(flow.amountOut).toBe(exactIn(bOut, B, toOut))
    expect(flow.hops).toBe(2)
  })

  it('runs each pool in its larger direction only, and nothing out of tokenOut', () => {
    const flow = repairDualFlow({
      tokenCount: 5,
      tokenIn: IN,
      tokenOut: OUT,
      amountIn,
      edges: [edge(inB, IN, B, 10), edge(inB, B, IN, 4), edge(bOut, B, OUT, 10), edge(bOut, OUT, B, 20)],
    })
    expect(flow.steps.map((s) => [s.pool.address, s.from, s.to])).toEqual([
      [inB.address, IN, B],
      [bOut.address, B, OUT],
    ])
    expect(flow.amountOut).toBe(exactIn(bOut, B, exactIn(inB, IN, amountIn)))
  })
})
