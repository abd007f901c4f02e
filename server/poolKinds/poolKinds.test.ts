import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { findPoolKindByContractKind, getPoolKind, poolKindIds, poolKindOf, poolKinds } from './poolKinds'
import { makeV2Pool, makeV3Pool, testAddress } from './testPools'

const aggregatorSource = readFileSync(new URL('../../contracts/src/Aggregator.sol', import.meta.url), 'utf8')

describe('poolKinds', () => {
  it('matches the kind ids the Aggregator declares, one to one', () => {
    const declared = [...aggregatorSource.matchAll(/uint8 internal constant KIND_(\w+) = (\d+);/g)].map((m) =>
      Number(m[2]),
    )
    expect(declared).toEqual([0, 1, 2, 3])
    expect(poolKindIds.map((id) => poolKinds[id].contractKind).sort()).toEqual(declared)
  })

  it('keys each kind by its own id', () => {
    expect(poolKindIds).toEqual(['uniswap-v2', 'uniswap-v3', 'uniswap-v4', 'algebra-integral'])
    for (const id of poolKindIds) expect(getPoolKind(id).id).toBe(id)
  })

  it('finds the kind of a pool and of a contract kind id, and nothing for an unknown one', () => {
    const v2 = makeV2Pool({
      id: 1,
      tokenA: testAddress(1),
      tokenB: testAddress(2),
      reserveA: 1n,
      reserveB: 1n,
    })
    const v3 = makeV3Pool({ id: 2, token0: testAddress(1), token1: testAddress(2), tick: 0, positions: [] })
    expect(poolKindOf(v2)).toBe(poolKinds['uniswap-v2'])
    expect(poolKindOf(v3)).toBe(poolKinds['uniswap-v3'])
    expect(findPoolKindByContractKind(0)?.id).toBe('uniswap-v2')
    expect(findPoolKindByContractKind(1)?.id).toBe('uniswap-v3')
    expect(findPoolKindByContractKind(2)?.id).toBe('uniswap-v4')
    expect(findPoolKindByContractKind(3)?.id).toBe('algebra-integral')
    expect(findPoolKindByContractKind(4)).toBeUndefined()
  })
})
