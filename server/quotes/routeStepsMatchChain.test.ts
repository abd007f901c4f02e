import { type Address, getAddress, isAddressEqual, parseEther, parseUnits, zeroAddress, zeroHash } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PoolState } from '../routing'
import { quoteRouteSteps, type RouteStepPlan, STEP_SHARE_ONE } from '../routing/quoteRouteSteps'
import { toContractSteps } from '../routing/toContractSteps'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'
import { buildRouteCalldata } from './buildRouteCalldata'

const CHAIN_ID = 1
const RECEIVER: Address = getAddress('0x00000000000000000000000000000000000fa11e')

describe('split-and-merge routes on the devnet pay exactly their quote', () => {
  let h: DevnetHarness

  beforeAll(async () => {
    h = await startDevnetHarness({ chainIds: [CHAIN_ID] })
  })
  afterAll(async () => {
    await h?.stop()
  })

  /** The pools between two tokens in the current snapshot, deepest first by the first token's side. */
  const poolsOf = (a: Address, b: Address): PoolState[] =>
    h.markets
      .get(CHAIN_ID)
      .getSnapshot()
      .pools.filter(
        (p) =>
          (isAddressEqual(p.token0, a) && isAddressEqual(p.token1, b)) ||
          (isAddressEqual(p.token0, b) && isAddressEqual(p.token1, a)),
      )
  const pick = (a: Address, b: Address, n: number): PoolState => {
    const found = poolsOf(a, b)[n]
    if (!found) throw new Error(`the devnet has no pool ${n} between ${a} and ${b}`)
    return found
  }

  async function execute(params: {
    tokenIn: Address
    amountIn: bigint
    tokenOut: Address
    plan: (route: Address) => RouteStepPlan[]
  }) {
    const { aggregator, wrappedNative } = h.deployment(CHAIN_ID)
    const routeIn = params.tokenIn === zeroAddress ? wrappedNative : params.tokenIn
    await h.refreshAll()
    const steps = params.plan(routeIn)
    const quote = quoteRouteSteps({
      tokenIn: routeIn,
      tokenOut: params.tokenOut,
      amountIn: params.amountIn,
      steps,
    })
    if (!quote) throw new Error('the planned route does not quote')
    const wallet = h.walletClient(CHAIN_ID, 5)
    if (params.tokenIn !== zeroAddress) await h.approve(wallet, params.tokenIn)
    const data = buildRouteCalldata({
      tokenIn: params.tokenIn,
      tokenOut: params.tokenOut,
      amountIn: params.amountIn,
      amountOutMin: quote.amountOut,
      receiver: RECEIVER,
      deadline: 2n ** 40n,
      feeRecipient: zeroAddress,
      feeBps: 0,
      integratorId: zeroHash,
      steps: toContractSteps(steps),
    })
    const before = await h.balanceOf(CHAIN_ID, params.tokenOut, RECEIVER)
    await h.sendAndWait(wallet, {
      to: aggregator,
      data,
      value: params.tokenIn === zeroAddress ? params.amountIn : 0n,
    })
    const gained = (await h.balanceOf(CHAIN_ID, params.tokenOut, RECEIVER)) - before
    for (const step of steps) {
      expect(await h.balanceOf(CHAIN_ID, step.tokenIn, aggregator)).toBe(0n)
    }
    return { quoted: quote.amountOut, gained, steps: quote.steps.length }
  }

  it('ETH split over two WETH/USDC pools and a WETH/USDT/USDC path, merged in USDC', async () => {
    const usdc = getAddress(h.token(CHAIN_ID, 'USDC').address)
    const usdt = getAddress(h.token(CHAIN_ID, 'USDT').address)
    const result = await execute({
      tokenIn: zeroAddress,
      amountIn: parseEther('30'),
      tokenOut: usdc,
      plan: (weth) => [
        { pool: pick(weth, usdc, 0), tokenIn: weth, tokenOut: usdc, share: STEP_SHARE_ONE / 3n },
        { pool: pick(weth, usdc, 1), tokenIn: weth, tokenOut: usdc, share: STEP_SHARE_ONE / 2n },
        { pool: pick(weth, usdt, 0), tokenIn: weth, tokenOut: usdt, share: STEP_SHARE_ONE },
        { pool: pick(usdt, usdc, 0), tokenIn: usdt, tokenOut: usdc, share: STEP_SHARE_ONE },
      ],
    })
    expect(result.gained).toBe(result.quoted)
  })

  it('USDC through one pool to WETH, fanning out again over two WETH/WBTC pools', async () => {
    const usdc = getAddress(h.token(CHAIN_ID, 'USDC').address)
    const wbtc = getAddress(h.token(CHAIN_ID, 'WBTC').address)
    const weth = h.deployment(CHAIN_ID).wrappedNative
    const result = await execute({
      tokenIn: usdc,
      amountIn: parseUnits('50000', 6),
      tokenOut: wbtc,
      plan: () => [
        { pool: pick(usdc, weth, 0), tokenIn: usdc, tokenOut: weth, share: STEP_SHARE_ONE },
        { pool: pick(weth, wbtc, 0), tokenIn: weth, tokenOut: wbtc, share: (STEP_SHARE_ONE * 7n) / 10n },
        { pool: pick(weth, wbtc, 1), tokenIn: weth, tokenOut: wbtc, share: STEP_SHARE_ONE },
      ],
    })
    expect(result.gained).toBe(result.quoted)
  })
})
