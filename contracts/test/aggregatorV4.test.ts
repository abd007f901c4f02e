import {
  type Address,
  BaseError,
  decodeErrorResult,
  encodeAbiParameters,
  encodeDeployData,
  type Hex,
  parseAbi,
  parseAbiParameters,
  parseEther,
  zeroAddress,
  zeroHash,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { aggregatorAbi, aggregatorBytecode } from '../artifacts/index'
import { encodeV4EntryParams } from '../deploy/encodeV4EntryParams'
import {
  FACTORY_UNISWAP_V2,
  FACTORY_UNISWAP_V3,
  FACTORY_V4_10,
  FACTORY_V4_60,
  FACTORY_V4_60_NATIVE,
  type SwapFixture,
} from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { type Hop, type Leg, RECEIVER, setUpSwapFixture } from './setUpSwapFixture'

const e = parseEther
const ONE = 10n ** 18n

const poolKey = '(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks)'
const v4QuoterAbi = parseAbi([
  `function quoteExactInputSingle((${poolKey} poolKey, bool zeroForOne, uint128 exactAmount, bytes hookData) params) returns (uint256 amountOut, uint256 gasEstimate)`,
  `function quoteExactOutputSingle((${poolKey} poolKey, bool zeroForOne, uint128 exactAmount, bytes hookData) params) returns (uint256 amountIn, uint256 gasEstimate)`,
])

const fixture = setUpSwapFixture()
const { params, balanceOf } = fixture
/** The swap's result (it must succeed and leave the Aggregator holding nothing). */
const swap = async (...args: Parameters<typeof fixture.swap>) => (await fixture.swap(...args)).result
let f: SwapFixture
beforeAll(() => {
  f = fixture.get()
})

const SPACING: Record<number, number> = {
  [FACTORY_V4_60]: 60,
  [FACTORY_V4_60_NATIVE]: 60,
  [FACTORY_V4_10]: 10,
}
const v4 = (factoryId: number, tokenIn: Address, tokenOut: Address, fee: number): Hop => ({
  kind: 2,
  factoryId,
  tokenIn,
  tokenOut,
  fee,
})

/** The pool key and direction of a hop, as the Aggregator derives them (wrapped native is ETH in native pools). */
function keyOf(hop: Hop) {
  const native = hop.factoryId === FACTORY_V4_60_NATIVE
  const currency = (t: Address) => (native && t === f.weth ? zeroAddress : t)
  const [a, b] = [currency(hop.tokenIn), currency(hop.tokenOut)]
  const [currency0, currency1] = a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
  const key = {
    currency0,
    currency1,
    fee: hop.fee,
    tickSpacing: SPACING[hop.factoryId] ?? 0,
    hooks: zeroAddress,
  }
  return { key, zeroForOne: currency0 === a }
}

/** V4Quoter's answer for one hop: what the pool pays for `amount` in, or takes for `amount` out. */
async function quoteHop(hop: Hop, amount: bigint, exactIn: boolean) {
  const { key, zeroForOne } = keyOf(hop)
  const { result } = await f.deployer.simulateContract({
    address: f.uniswapV4.quoter,
    abi: v4QuoterAbi,
    functionName: exactIn ? 'quoteExactInputSingle' : 'quoteExactOutputSingle',
    args: [{ poolKey: key, zeroForOne, exactAmount: amount, hookData: '0x' }],
  })
  return result[0]
}

describe('Uniswap V4 hops pay what V4Quoter says', () => {
  it('exact in, one hop and two hops through one manager', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    const ab = v4(FACTORY_V4_60, tokenA, tokenB, 3000)
    const bc = v4(FACTORY_V4_10, tokenB, tokenC, 500)
    const amountIn = e('37.5')
    const b = await quoteHop(ab, amountIn, true)
    expect(await swap('swapExactIn', params({ amountIn, amountOut: b }), [{ amount: 0n, hops: [ab] }])).toBe(
      b,
    )
    const c = await quoteHop(bc, await quoteHop(ab, amountIn, true), true)
    const before = await balanceOf(tokenC, RECEIVER)
    const out = await swap('swapExactIn', params({ tokenOut: tokenC, amountIn, amountOut: c }), [
      { amount: 0n, hops: [ab, bc] },
    ])
    expect(out).toBe(c)
    expect((await balanceOf(tokenC, RECEIVER)) - before).toBe(c)
  })

  it('native ETH pools: ETH in and ETH out, the hop naming the wrapped native token', async () => {
    const { tokenA } = f.tokens
    const amountIn = e('3')
    const ethToA = v4(FACTORY_V4_60_NATIVE, f.weth, tokenA, 3000)
    const a = await quoteHop(ethToA, amountIn, true)
    const out = await swap(
      'swapExactIn',
      params({ tokenIn: zeroAddress, tokenOut: tokenA, amountIn, amountOut: a }),
      [{ amount: 0n, hops: [ethToA] }],
      amountIn,
    )
    expect(out).toBe(a)
    const aToEth = v4(FACTORY_V4_60_NATIVE, tokenA, f.weth, 3000)
    const eth = await quoteHop(aToEth, e('5'), true)
    const before = await balanceOf(zeroAddress, RECEIVER)
    await swap(
      'swapExactIn',
      params({ tokenIn: tokenA, tokenOut: zeroAddress, amountIn: e('5'), amountOut: eth }),
      [{ amount: 0n, hops: [aToEth] }],
    )
    expect((await balanceOf(zeroAddress, RECEIVER)) - before).toBe(eth)
  })

  it('exact out through two V4 hops (the inner one inside the same unlock) and after a V3 hop', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    const ab = v4(FACTORY_V4_60, tokenA, tokenB, 3000)
    const bc = v4(FACTORY_V4_10, tokenB, tokenC, 500)
    const amountOut = e('12')
    const needB = await quoteHop(bc, amountOut, false)
    const needA = await quoteHop(ab, needB, false)
    const p = params({ tokenOut: tokenC, amountIn: needA, amountOut })
    await expectRevert(
      f.user.simulateContract({
        address: f.aggregator,
        abi: aggregatorAbi,
        functionName: 'swapExactOut',
        args: [{ ...p, amountIn: needA - 1n }, [{ amount: 0n, hops: [ab, bc] }]],
      }),
      'ExcessiveInput',
      [needA, needA - 1n],
    )
    expect(await swap('swapExactOut', p, [{ amount: 0n, hops: [ab, bc] }])).toBe(needA)
    const v3ab: Hop = { kind: 1, factoryId: FACTORY_UNISWAP_V3, tokenIn: tokenA, tokenOut: tokenB, fee: 3000 }
    const spent = await swap('swapExactOut', params({ tokenOut: tokenC, amountIn: e('100'), amountOut }), [
      { amount: 0n, hops: [v3ab, bc] },
    ])
    expect(spent).toBeGreaterThan(0n)
  })

  it('a split-and-merge route across V2 and V4 pools', async () => {
    const { tokenA, tokenB } = f.tokens
    const amountIn = e('8')
    const half = amountIn / 2n
    const viaV4 = await quoteHop(v4(FACTORY_V4_60, tokenA, tokenB, 3000), half, true)
    const { result } = await f.user.simulateContract({
      address: f.aggregator,
      abi: aggregatorAbi,
      functionName: 'swapExactInRoute',
      args: [
        params({ amountIn }),
        [
          { ...v4(FACTORY_V4_60, tokenA, tokenB, 3000), share: ONE / 2n },
          { kind: 0, factoryId: FACTORY_UNISWAP_V2, tokenIn: tokenA, tokenOut: tokenB, fee: 0, share: ONE },
        ],
      ],
    })
    expect(result).toBeGreaterThan(viaV4)
  })
})

describe('Uniswap V4 safety', () => {
  const simulate = (legs: Leg[], value = 0n, p = params()) =>
    f.user.simulateContract({
      address: f.aggregator,
      abi: aggregatorAbi,
      functionName: 'swapExactIn',
      args: [p, legs],
      value,
    })

  it('a pool the manager does not hold (never initialized) reverts; nothing is paid', async () => {
    const { tokenA, tokenB } = f.tokens
    const error = await simulate([{ amount: 0n, hops: [v4(FACTORY_V4_60, tokenA, tokenB, 500)] }]).then(
      () => undefined,
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(BaseError)
  })

  it('a native entry only takes hops through the wrapped native token, and fees above 100 % are refused', async () => {
    const { tokenA, tokenB } = f.tokens
    await expectRevert(
      simulate([{ amount: 0n, hops: [v4(FACTORY_V4_60_NATIVE, tokenA, tokenB, 3000)] }]),
      'InvalidRoute',
      [0n, 0n],
    )
    await expectRevert(
      simulate([{ amount: 0n, hops: [v4(FACTORY_V4_60, tokenA, tokenB, 1_000_001)] }]),
      'InvalidRoute',
      [0n, 0n],
    )
  })

  it('refuses an unlock callback and ETH from anyone but the manager it unlocked', async () => {
    const { tokenA, tokenB } = f.tokens
    await expectRevert(
      f.attacker.simulateContract({
        address: f.aggregator,
        abi: aggregatorAbi,
        functionName: 'unlockCallback',
        args: ['0x'],
      }),
      'UnauthorizedCallback',
      [f.attacker.account.address],
    )
    // the manager itself, outside our unlock: impersonated, it still cannot call back
    await f.deployer.request({
      method: 'anvil_impersonateAccount' as never,
      params: [f.uniswapV4.poolManager] as never,
    })
    await f.deployer.setBalance({ address: f.uniswapV4.poolManager, value: e('1') })
    await expectRevert(
      f.deployer.simulateContract({
        account: f.uniswapV4.poolManager,
        address: f.aggregator,
        abi: aggregatorAbi,
        functionName: 'unlockCallback',
        args: [encodeAbiHops([v4(FACTORY_V4_60, tokenA, tokenB, 3000)])],
      }),
      'UnauthorizedCallback',
      [f.uniswapV4.poolManager],
    )
    const sent = await f.deployer
      .call({ account: f.uniswapV4.poolManager, to: f.aggregator, value: 1n })
      .then(
        () => 'accepted',
        () => 'refused',
      )
    expect(sent).toBe('refused')
  })

  it('refuses to deploy with a V4 entry whose tick spacing is 0, too large or has unknown bits', async () => {
    for (const initCodeHash of [
      zeroHash,
      encodeV4EntryParams({ tickSpacing: 32767, native: false }).replace(/7fff$/, '8000') as Hex,
      `0x${'0'.repeat(55)}201000001` as Hex,
    ]) {
      const data = encodeDeployData({
        abi: aggregatorAbi,
        bytecode: aggregatorBytecode,
        args: [f.weth, [{ factory: f.uniswapV4.poolManager, initCodeHash, kind: 2, v2FeeBps: 0 }]],
      })
      const error = await f.deployer.call({ data }).then(
        () => undefined,
        (caught: unknown) => caught,
      )
      const hasData = (x: unknown): x is { data: Hex } =>
        typeof x === 'object' && x !== null && 'data' in x && typeof x.data === 'string'
      const found = error instanceof BaseError ? error.walk(hasData) : null
      expect(
        decodeErrorResult({ abi: aggregatorAbi, data: hasData(found) ? found.data : '0x' }),
      ).toMatchObject({
        errorName: 'InvalidPoolConfig',
        args: [0n],
      })
    }
  })
})

function encodeAbiHops(hops: Hop[]): Hex {
  return encodeAbiParameters(
    parseAbiParameters(
      '(uint8 kind, uint16 factoryId, address tokenIn, address tokenOut, uint24 fee)[], uint256, int256, bool',
    ),
    [hops, 0n, -1n, false],
  )
}
