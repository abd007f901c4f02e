import { type Abi, type Address, BaseError, encodePacked, parseAbi, parseEther, zeroAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { aggregatorAbi, fakePoolAbi, fakePoolBytecode } from '../artifacts/index'
import { deployBytecode } from '../deploy/deployBytecode'
import { sendContractTx } from '../deploy/sendContractTx'
import { FACTORY_ALGEBRA, FACTORY_UNISWAP_V3, quoterAbi, type SwapFixture } from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { type Hop, type Leg, RECEIVER, setUpSwapFixture } from './setUpSwapFixture'

const e = parseEther
const ONE = 10n ** 18n
// TickMath.MIN_SQRT_RATIO + 1 and MAX_SQRT_RATIO - 1 (Algebra's bounds are Uniswap V3's)
const MIN_LIMIT = 4295128740n
const MAX_LIMIT = 1461446703485210103287273052203988822378723970341n

const factoryAbi = parseAbi(['function poolByPair(address, address) view returns (address)'])
const calleeAbi = parseAbi([
  'function swapExact0For1(address pool, uint256 amount0In, address recipient, uint160 limitSqrtPrice)',
  'function swapExact1For0(address pool, uint256 amount1In, address recipient, uint160 limitSqrtPrice)',
  'function swap0ForExact1(address pool, uint256 amount1Out, address recipient, uint160 limitSqrtPrice)',
  'function swap1ForExact0(address pool, uint256 amount0Out, address recipient, uint160 limitSqrtPrice)',
])

const fixture = setUpSwapFixture()
const { params, balanceOf } = fixture
/** The swap's result (it must succeed and leave the Aggregator holding nothing). */
const swap = async (...args: Parameters<typeof fixture.swap>) => (await fixture.swap(...args)).result
let f: SwapFixture
beforeAll(() => {
  f = fixture.get()
})

const algebra = (tokenIn: Address, tokenOut: Address): Hop => ({
  kind: 3,
  factoryId: FACTORY_ALGEBRA,
  tokenIn,
  tokenOut,
  fee: 0,
})

/**
 * What the Algebra pools themselves take and pay for these hops run one after the other straight through the
 * package's callee (the deployer paying), the chain put back afterwards: [input of the first, output of the last].
 */
async function direct(hops: Hop[], amount: bigint, exactIn: boolean): Promise<[bigint, bigint]> {
  const snapshot = await f.deployer.snapshot()
  try {
    const order = exactIn ? hops : [...hops].reverse()
    let carried = amount
    let first = 0n
    let last = 0n
    for (const [index, hop] of order.entries()) {
      const pool = await f.deployer.readContract({
        address: f.algebra.factory,
        abi: factoryAbi,
        functionName: 'poolByPair',
        args: [hop.tokenIn, hop.tokenOut],
      })
      const zeroForOne = hop.tokenIn.toLowerCase() < hop.tokenOut.toLowerCase()
      const payer = f.deployer.account.address
      const [inBefore, outBefore] = [
        await balanceOf(hop.tokenIn, payer),
        await balanceOf(hop.tokenOut, RECEIVER),
      ]
      await sendContractTx(f.deployer, {
        address: f.algebra.callee,
        abi: calleeAbi,
        functionName: exactIn
          ? zeroForOne
            ? 'swapExact0For1'
            : 'swapExact1For0'
          : zeroForOne
            ? 'swap0ForExact1'
            : 'swap1ForExact0',
        args: [pool, carried, RECEIVER, zeroForOne ? MIN_LIMIT : MAX_LIMIT],
      })
      const paid = inBefore - (await balanceOf(hop.tokenIn, payer))
      const got = (await balanceOf(hop.tokenOut, RECEIVER)) - outBefore
      if (index === 0) first = exactIn ? paid : got
      last = exactIn ? got : paid
      carried = exactIn ? got : paid
    }
    return exactIn ? [first, last] : [last, first]
  } finally {
    await f.deployer.revert({ id: snapshot })
  }
}

const simulate = (legs: Leg[], p = params({ amountIn: e('1') })) =>
  f.user.simulateContract({
    address: f.aggregator,
    abi: aggregatorAbi,
    functionName: 'swapExactIn',
    args: [p, legs],
  })

describe('Algebra Integral hops pay what the pools pay when swapped directly', () => {
  it('exact in, one hop and two hops', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    const amountIn = e('37.5')
    const [, b] = await direct([algebra(tokenA, tokenB)], amountIn, true)
    expect(
      await swap('swapExactIn', params({ amountIn, amountOut: b }), [
        { amount: 0n, hops: [algebra(tokenA, tokenB)] },
      ]),
    ).toBe(b)
    const hops = [algebra(tokenA, tokenB), algebra(tokenB, tokenC)]
    const [, c] = await direct(hops, amountIn, true)
    const before = await balanceOf(tokenC, RECEIVER)
    expect(
      await swap('swapExactIn', params({ tokenOut: tokenC, amountIn, amountOut: c }), [{ amount: 0n, hops }]),
    ).toBe(c)
    expect((await balanceOf(tokenC, RECEIVER)) - before).toBe(c)
  })

  it('exact out through two Algebra hops, one wei less input reverting, and after a V3 hop', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    const hops = [algebra(tokenA, tokenB), algebra(tokenB, tokenC)]
    const amountOut = e('12')
    const [needA, out] = await direct(hops, amountOut, false)
    expect(out).toBe(amountOut)
    const p = params({ tokenOut: tokenC, amountIn: needA, amountOut })
    await expectRevert(
      f.user.simulateContract({
        address: f.aggregator,
        abi: aggregatorAbi,
        functionName: 'swapExactOut',
        args: [{ ...p, amountIn: needA - 1n }, [{ amount: 0n, hops }]],
      }),
      'ExcessiveInput',
      [needA, needA - 1n],
    )
    expect(await swap('swapExactOut', p, [{ amount: 0n, hops }])).toBe(needA)
    const v3ab: Hop = { kind: 1, factoryId: FACTORY_UNISWAP_V3, tokenIn: tokenA, tokenOut: tokenB, fee: 3000 }
    const before = await balanceOf(tokenC, RECEIVER)
    await swap('swapExactOut', params({ tokenOut: tokenC, amountIn: e('100'), amountOut }), [
      { amount: 0n, hops: [v3ab, algebra(tokenB, tokenC)] },
    ])
    expect((await balanceOf(tokenC, RECEIVER)) - before).toBe(amountOut)
  })

  it('native ETH in and out through the wrapped native pool', async () => {
    const { tokenA } = f.tokens
    const amountIn = e('3')
    const [, a] = await direct([algebra(f.weth, tokenA)], amountIn, true)
    const p = params({ tokenIn: zeroAddress, tokenOut: tokenA, amountIn, amountOut: a })
    expect(await swap('swapExactIn', p, [{ amount: 0n, hops: [algebra(f.weth, tokenA)] }], amountIn)).toBe(a)
    const [, eth] = await direct([algebra(tokenA, f.weth)], e('5'), true)
    const before = await balanceOf(zeroAddress, RECEIVER)
    await swap(
      'swapExactIn',
      params({ tokenIn: tokenA, tokenOut: zeroAddress, amountIn: e('5'), amountOut: eth }),
      [{ amount: 0n, hops: [algebra(tokenA, f.weth)] }],
    )
    expect((await balanceOf(zeroAddress, RECEIVER)) - before).toBe(eth)
  })

  it('a split-and-merge route pays what each of its Algebra and V3 pools pays for its share', async () => {
    const { tokenA, tokenB } = f.tokens
    const amountIn = e('80')
    const share = amountIn / 4n
    const [, viaAlgebra] = await direct([algebra(tokenA, tokenB)], share, true)
    const { result: quoted } = await f.deployer.simulateContract({
      address: f.uniswapV3.quoter,
      abi: quoterAbi,
      functionName: 'quoteExactInput',
      args: [encodePacked(['address', 'uint24', 'address'], [tokenA, 3000, tokenB]), amountIn - share],
    })
    const { result } = await f.user.simulateContract({
      address: f.aggregator,
      abi: aggregatorAbi,
      functionName: 'swapExactInRoute',
      args: [
        params({ amountIn }),
        [
          { ...algebra(tokenA, tokenB), share: ONE / 4n },
          {
            kind: 1,
            factoryId: FACTORY_UNISWAP_V3,
            tokenIn: tokenA,
            tokenOut: tokenB,
            fee: 3000,
            share: ONE,
          },
        ],
      ],
    })
    expect(result).toBe(viaAlgebra + quoted[0])
  })
})

describe('Algebra Integral safety', () => {
  it('a fake pool calling algebraSwapCallback is refused', async () => {
    const fakePool = await deployBytecode(f.attacker, { abi: fakePoolAbi, bytecode: fakePoolBytecode })
    await expectRevert(
      f.attacker.simulateContract({
        address: fakePool,
        abi: [...fakePoolAbi, ...aggregatorAbi] as Abi,
        functionName: 'callAlgebra',
        args: [f.aggregator, e('1'), 0n, '0x'],
      }),
      'UnauthorizedCallback',
      [fakePool],
    )
  })

  it('refuses a hop with a fee, of the wrong kind for the entry, or of a pair the deployer never created', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    await expectRevert(
      simulate([{ amount: 0n, hops: [{ ...algebra(tokenA, tokenB), fee: 500 }] }]),
      'InvalidRoute',
      [0n, 0n],
    )
    await expectRevert(
      simulate([{ amount: 0n, hops: [{ ...algebra(tokenA, tokenB), kind: 1, fee: 500 }] }]),
      'InvalidRoute',
      [0n, 0n],
    )
    // no pool at the CREATE2 address of (tokenA, tokenC): the call finds no code and nothing is paid
    const error = await simulate(
      [{ amount: 0n, hops: [algebra(tokenA, tokenC)] }],
      params({ tokenOut: tokenC, amountIn: e('1') }),
    ).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(BaseError)
  })
})
