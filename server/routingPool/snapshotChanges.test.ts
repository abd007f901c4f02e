import { describe, expect, it } from 'vitest'
import { makeV2Pool, testAddress } from '../poolKinds/testPools'
import { snapshotChanges } from './snapshotChanges'

const pair = (id: number, reserve = 1_000n) =>
  makeV2Pool({
    id,
    tokenA: testAddress(0xa1),
    tokenB: testAddress(0xb2),
    reserveA: reserve,
    reserveB: reserve,
  })

describe('snapshotChanges', () => {
  const base = [pair(1), pair(2), pair(3), pair(4)]

  it('names the changed pools by their places when the pools and their order are the same', () => {
    const moved = [base[0], pair(2, 2_000n), base[2], pair(4, 5n)].map((p) => p ?? pair(0))
    expect(snapshotChanges(base, moved)).toEqual({ changedAt: [1, 3], changed: [moved[1], moved[3]] })
    expect(snapshotChanges(base, [...base])).toEqual({ changedAt: [], changed: [] })
  })

  it('lists every address in order when a pool joins, leaves or moves place, and only the new states', () => {
    const joined = [...base, pair(5)]
    expect(snapshotChanges(base, joined)).toEqual({
      addresses: joined.map((p) => p.address),
      changed: [joined[4]],
    })
    const swapped = [base[1], base[0], base[2], base[3]].map((p) => p ?? pair(0))
    expect(snapshotChanges(base, swapped)).toEqual({ addresses: swapped.map((p) => p.address), changed: [] })
    expect(snapshotChanges(undefined, base)).toEqual({ addresses: base.map((p) => p.address), changed: base })
  })
})
