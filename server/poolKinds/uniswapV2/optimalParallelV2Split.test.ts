import { describe, expect, it } from 'vitest'
import { getAmountOut } from './getAmountOut'
import { optimalParallelV2Split } from './optimalParallelV2Split'

const E18 = 10n ** 18n

describe('optimalParallelV2Split', () => {
  it('two identical pools split in half and match one pool of double depth', () => {
    const pool = { reserveIn: 100n * E18, reserveOut: 200n * E18, feeBps: 30 }
    const r = optimalParallelV2Split({ pools: [pool, pool], amountIn: 10n * E18 })
    expect(r.amountsIn).toEqual([5n * E18, 5n * E18])
    const doubled = Number(getAmountOut(10n * E18, 200n * E18, 400n * E18, 30))
    expect(Math.abs(r.amountOutReal - doubled) / doubled).toBeLessThan(1e-12)
    expect(r.amountOut).toBe(2n * getAmountOut(5n * E18, 100n * E18, 200n * E18, 30))
  })

  it('leaves out a pool whose price at zero is worse than the common marginal price', () => {
    const good = { reserveIn: 100n * E18, reserveOut: 300n * E18, feeBps: 30 }
    const bad = { reserveIn: 100n * E18, reserveOut: 250n * E18, feeBps: 30 }
    const r = optimalParallelV2Split({ pools: [good, bad], amountIn: E18 })
    expect(r.amountsIn).toEqual([E18, 0n])
  })

  it('active pools end at equal marginal prices and no 1e-3 shift improves the output', () => {
    const pools = [
      { reserveIn: 100n * E18, reserveOut: 300n * E18, feeBps: 30 },
      { reserveIn: 60n * E18, reserveOut: 181n * E18, feeBps: 30 },
      { reserveIn: 10n * E18, reserveOut: 31n * E18, feeBps: 100 },
    ]
    const amountIn = 10n * E18
    const r = optimalParallelV2Split({ pools, amountIn })
    expect(r.amountsIn.reduce((a, b) => a + b, 0n)).toBe(amountIn)
    const marginal = pools.map((p, i) => {
      const g = (10_000 - p.feeBps) / 10_000
      const x = Number(r.amountsIn[i] ?? 0n)
      return (g * Number(p.reserveIn) * Number(p.reserveOut)) / (Number(p.reserveIn) + g * x) ** 2
    })
    const active = marginal.filter((_, i) => (r.amountsIn[i] ?? 0n) > 0n)
    expect(active.length).toBe(3)
    for (const m of active) expect(Math.abs(m - (active[0] ?? 0)) / m).toBeLessThan(1e-9)
    const shift = amountIn / 1000n
    const out = (amounts: bigint[]) =>
      amounts.reduce((acc, x, i) => {
        const p = pools[i]
        return x > 0n && p ? acc + getAmountOut(x, p.reserveIn, p.reserveOut, p.feeBps) : acc
      }, 0n)
    const [a = 0n, b = 0n, c = 0n] = r.amountsIn
    expect(out([a + shift, b - shift, c]) < r.amountOut).toBe(true)
    expect(out([a - shift, b + shift, c]) < r.amountOut).toBe(true)
  })
})
