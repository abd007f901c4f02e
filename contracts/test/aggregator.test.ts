import {
  type Abi,
  type Address,
  BaseError,
  decodeErrorResult,
  encodeDeployData,
  encodeFunctionData,
  encodePacked,
  type Hex,
  keccak256,
  maxUint256,
  parseEther,
  parseEventLogs,
  toHex,
  zeroAddress,
  zeroHash,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  aggregatorAbi,
  aggregatorBytecode,
  devTokenAbi,
  fakePoolAbi,
  fakePoolBytecode,
  reentrantTokenAbi,
  reentrantTokenBytecode,
} from '../artifacts/index'
import { deployBytecode } from '../deploy/deployBytecode'
import { sendContractCall } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'
import {
  FACTORY_SUSHISWAP,
  FACTORY_UNISWAP_V2,
  FACTORY_UNISWAP_V3,
  positionManagerAbi,
  quoterAbi,
  type SwapFixture,
  v2FactoryAbi,
  v2PairAbi,
  v2RouterAbi,
} from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { type Hop, type Leg, RECEIVER, type SwapParams, setUpSwapFixture } from './setUpSwapFixture'

const FEE_RECIPIENT: Address = '0x000000000000000000000000000000000000fee5'
const v2 = (factoryId: number, tokenIn: Address, tokenOut: Address): Hop => ({
  kind: 0,
  factoryId,
  tokenIn,
  tokenOut,
  fee: 0,
})
const v3 = (tokenIn: Address, tokenOut: Address, fee: number): Hop => ({
  kind: 1,
  factoryId: FACTORY_UNISWAP_V3,
  tokenIn,
  tokenOut,
  fee,
})
const leg = (hops: Hop[], amount = 0n): Leg => ({ amount, hops })
const e = parseEther

const fixture = setUpSwapFixture()
const { params, balanceOf, expectNoLeftovers, simulateSwap, swap } = fixture
let f: SwapFixture
beforeAll(() => {
  f = fixture.get()
})

function v3Path(tokens: Address[], fees: number[]): Hex {
  const types: ('address' | 'uint24')[] = []
  const values: (Address | number)[] = []
  tokens.forEach((token, i) => {
    types.push('address')
    values.push(token)
    const fee = fees[i]
    if (fee !== undefined) {
      types.push('uint24')
      values.push(fee)
    }
  })
  return encodePacked(types, values)
}

async function v2Out(router: Address, amountIn: bigint, path: Address[]) {
  const amounts = await f.deployer.readContract({
    address: router,
    abi: v2RouterAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path],
  })
  return amounts[amounts.length - 1] ?? 0n
}

async function v2In(router: Address, amountOut: bigint, path: Address[]) {
  const amounts = await f.deployer.readContract({
    address: router,
    abi: v2RouterAbi,
    functionName: 'getAmountsIn',
    args: [amountOut, path],
  })
  return amounts[0] ?? 0n
}

async function v3Out(tokens: Address[], fees: number[], amountIn: bigint) {
  const { result } = await f.deployer.simulateContract({
    address: f.uniswapV3.quoter,
    abi: quoterAbi,
    functionName: 'quoteExactInput',
    args: [v3Path(tokens, fees), amountIn],
  })
  return result[0]
}

async function v3In(tokens: Address[], fees: number[], amountOut: bigint) {
  const { result } = await f.deployer.simulateContract({
    address: f.uniswapV3.quoter,
    abi: quoterAbi,
    functionName: 'quoteExactOutput',
    args: [v3Path([...tokens].reverse(), [...fees].reverse()), amountOut],
  })
  return result[0]
}

describe('swapExactIn equals Uniswap math', () => {
  const cases: {
    name: string
    amountIn: bigint
    legs: () => Leg[]
    tokenOut?: () => Address
    expected: () => Promise<bigint>
  }[] = [
    {
      name: 'single hop V2 (uniswap-v2)',
      amountIn: e('10'),
      legs: () => [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB)])],
      expected: () => v2Out(f.uniswapV2.router, e('10'), [f.tokens.tokenA, f.tokens.tokenB]),
    },
    {
      name: 'single hop V3 0.3%',
      amountIn: e('10'),
      legs: () => [leg([v3(f.tokens.tokenA, f.tokens.tokenB, 3000)])],
      expected: () => v3Out([f.tokens.tokenA, f.tokens.tokenB], [3000], e('10')),
    },
    {
      name: 'multi hop V2 -> V3',
      amountIn: e('7'),
      tokenOut: () => f.tokens.tokenC,
      legs: () => [
        leg([
          v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB),
          v3(f.tokens.tokenB, f.tokens.tokenC, 500),
        ]),
      ],
      expected: async () =>
        v3Out(
          [f.tokens.tokenB, f.tokens.tokenC],
          [500],
          await v2Out(f.uniswapV2.router, e('7'), [f.tokens.tokenA, f.tokens.tokenB]),
        ),
    },
    {
      name: '2-leg split sushiswap V2 + V3',
      amountIn: e('20'),
      legs: () => [
        leg([v2(FACTORY_SUSHISWAP, f.tokens.tokenA, f.tokens.tokenB)], e('8')),
        leg([v3(f.tokens.tokenA, f.tokens.tokenB, 3000)], 1n),
      ],
      expected: async () =>
        (await v2Out(f.sushiswap.router, e('8'), [f.tokens.tokenA, f.tokens.tokenB])) +
        (await v3Out([f.tokens.tokenA, f.tokens.tokenB], [3000], e('12'))),
    },
    {
      name: 'no-return-value token input (V2)',
      amountIn: e('3'),
      legs: () => [leg([v2(FACTORY_UNISWAP_V2, f.tokens.nrv, f.tokens.tokenA)])],
      tokenOut: () => f.tokens.tokenA,
      expected: () => v2Out(f.uniswapV2.router, e('3'), [f.tokens.nrv, f.tokens.tokenA]),
    },
  ]

  it.each(cases)('$name', async ({ amountIn, legs, tokenOut, expected }) => {
    const builtLegs = legs()
    const tokenIn = builtLegs[0]?.hops[0]?.tokenIn ?? zeroAddress
    const out = tokenOut?.() ?? f.tokens.tokenB
    const expectedOut = await expected()
    expect(expectedOut).toBeGreaterThan(0n)
    const userBefore = await balanceOf(tokenIn, f.user.account.address)
    const { result } = await swap(
      'swapExactIn',
      params({ tokenIn, tokenOut: out, amountIn, amountOut: expectedOut }),
      builtLegs,
    )
    expect(result).toBe(expectedOut)
    expect(await balanceOf(out, RECEIVER)).toBe(expectedOut)
    expect(userBefore - (await balanceOf(tokenIn, f.user.account.address))).toBe(amountIn)
  })

  it('min-out boundary: exact minimum passes, minimum + 1 reverts InsufficientOutput', async () => {
    const legs = [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB)])]
    const expected = await v2Out(f.uniswapV2.router, e('10'), [f.tokens.tokenA, f.tokens.tokenB])
    await expectRevert(
      simulateSwap('swapExactIn', params({ amountOut: expected + 1n }), legs),
      'InsufficientOutput',
      [expected, expected + 1n],
    )
    const { result } = await swap('swapExactIn', params({ amountOut: expected }), legs)
    expect(result).toBe(expected)
  })

  it('takes the integrator fee from the output and emits Swapped', async () => {
    const integratorId = keccak256(toHex('acme'))
    const legs = [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB)])]
    const gross = await v2Out(f.uniswapV2.router, e('10'), [f.tokens.tokenA, f.tokens.tokenB])
    const fee = (gross * 30n) / 10_000n
    const p = params({ feeBps: 30, feeRecipient: FEE_RECIPIENT, integratorId, amountOut: gross - fee })
    const { result, receipt } = await swap('swapExactIn', p, legs)
    expect(result).toBe(gross - fee)
    expect(await balanceOf(f.tokens.tokenB, FEE_RECIPIENT)).toBe(fee)
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(gross - fee)
    const [event] = parseEventLogs({ abi: aggregatorAbi, logs: receipt.logs, eventName: 'Swapped' })
    expect(event?.args).toEqual({
      sender: f.user.account.address,
      receiver: RECEIVER,
      integratorId,
      tokenIn: f.tokens.tokenA,
      tokenOut: f.tokens.tokenB,
      amountIn: e('10'),
      amountOut: gross - fee,
      feeAmount: fee,
    })
  })

  it('native in: wraps msg.value and swaps on V3', async () => {
    const expected = await v3Out([f.weth, f.tokens.tokenB], [3000], e('2'))
    const p = params({ tokenIn: zeroAddress, amountIn: e('2'), amountOut: expected })
    const { result } = await swap('swapExactIn', p, [leg([v3(f.weth, f.tokens.tokenB, 3000)])], e('2'))
    expect(result).toBe(expected)
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(expected)
    await expectRevert(
      simulateSwap('swapExactIn', p, [leg([v3(f.weth, f.tokens.tokenB, 3000)])], e('1')),
      'InvalidMsgValue',
      [e('1'), e('2')],
    )
  })

  it('native out: unwraps and sends ETH to the receiver', async () => {
    const expected = await v2Out(f.uniswapV2.router, e('4'), [f.tokens.tokenA, f.weth])
    const p = params({ tokenOut: zeroAddress, amountIn: e('4'), amountOut: expected })
    const { result } = await swap('swapExactIn', p, [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.weth)])])
    expect(result).toBe(expected)
    expect(await balanceOf(zeroAddress, RECEIVER)).toBe(expected)
  })

  it('fee-on-transfer input: swaps what the pair actually received', async () => {
    const { fot, tokenA } = f.tokens
    const pair = await f.deployer.readContract({
      address: f.uniswapV2.factory,
      abi: v2FactoryAbi,
      functionName: 'getPair',
      args: [fot, tokenA],
    })
    const [r0, r1] = await f.deployer.readContract({
      address: pair,
      abi: v2PairAbi,
      functionName: 'getReserves',
    })
    const [reserveFot, reserveA] = fot.toLowerCase() < tokenA.toLowerCase() ? [r0, r1] : [r1, r0]
    const amountIn = e('10')
    const received = amountIn - (amountIn * 100n) / 10_000n
    const pairIn = received - (received * 100n) / 10_000n
    const expected = await f.deployer.readContract({
      address: f.uniswapV2.router,
      abi: v2RouterAbi,
      functionName: 'getAmountOut',
      args: [pairIn, reserveFot, reserveA],
    })
    const p = params({ tokenIn: fot, tokenOut: tokenA, amountIn, amountOut: expected })
    const { result } = await swap('swapExactIn', p, [leg([v2(FACTORY_UNISWAP_V2, fot, tokenA)])])
    expect(result).toBe(expected)
  })

  it('fee-on-transfer output: amountOut is what the receiver actually gained', async () => {
    const { fot, tokenA } = f.tokens
    const pairOut = await v2Out(f.uniswapV2.router, e('10'), [tokenA, fot])
    const atAggregator = pairOut - (pairOut * 100n) / 10_000n
    const expected = atAggregator - (atAggregator * 100n) / 10_000n
    const p = params({ tokenIn: tokenA, tokenOut: fot, amountOut: expected })
    const { result } = await swap('swapExactIn', p, [leg([v2(FACTORY_UNISWAP_V2, tokenA, fot)])])
    expect(result).toBe(expected)
    expect(await balanceOf(fot, RECEIVER)).toBe(expected)
    await expectRevert(
      simulateSwap('swapExactIn', { ...p, amountOut: expected + 1n }, [
        leg([v2(FACTORY_UNISWAP_V2, tokenA, fot)]),
      ]),
      'InsufficientOutput',
    )
  })
})

describe('swapExactOut equals Uniswap math', () => {
  const amountOut = e('5')
  const cases: {
    name: string
    legs: () => Leg[]
    tokenOut?: () => Address
    expected: () => Promise<bigint>
  }[] = [
    {
      name: 'single hop V3',
      legs: () => [leg([v3(f.tokens.tokenA, f.tokens.tokenB, 3000)])],
      expected: () => v3In([f.tokens.tokenA, f.tokens.tokenB], [3000], amountOut),
    },
    {
      name: 'single hop V2 (uniswap-v2)',
      legs: () => [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB)])],
      expected: () => v2In(f.uniswapV2.router, amountOut, [f.tokens.tokenA, f.tokens.tokenB]),
    },
    {
      name: 'multi hop V3 -> V2',
      tokenOut: () => f.tokens.tokenC,
      legs: () => [
        leg([
          v3(f.tokens.tokenA, f.tokens.tokenB, 3000),
          v2(FACTORY_UNISWAP_V2, f.tokens.tokenB, f.tokens.tokenC),
        ]),
      ],
      expected: async () =>
        v3In(
          [f.tokens.tokenA, f.tokens.tokenB],
          [3000],
          await v2In(f.uniswapV2.router, amountOut, [f.tokens.tokenB, f.tokens.tokenC]),
        ),
    },
    {
      name: 'multi hop V2 -> V3',
      tokenOut: () => f.tokens.tokenC,
      legs: () => [
        leg([
          v2(FACTORY_SUSHISWAP, f.tokens.tokenA, f.tokens.tokenB),
          v3(f.tokens.tokenB, f.tokens.tokenC, 500),
        ]),
      ],
      expected: async () =>
        v2In(f.sushiswap.router, await v3In([f.tokens.tokenB, f.tokens.tokenC], [500], amountOut), [
          f.tokens.tokenA,
          f.tokens.tokenB,
        ]),
    },
    {
      name: '2-leg split sushiswap V2 + V3',
      legs: () => [
        leg([v2(FACTORY_SUSHISWAP, f.tokens.tokenA, f.tokens.tokenB)], e('2')),
        leg([v3(f.tokens.tokenA, f.tokens.tokenB, 3000)]),
      ],
      expected: async () =>
        (await v2In(f.sushiswap.router, e('2'), [f.tokens.tokenA, f.tokens.tokenB])) +
        (await v3In([f.tokens.tokenA, f.tokens.tokenB], [3000], e('3'))),
    },
  ]

  it.each(cases)('$name, refunding the unused maximum', async ({ legs, tokenOut, expected }) => {
    const out = tokenOut?.() ?? f.tokens.tokenB
    const expectedIn = await expected()
    const userBefore = await balanceOf(f.tokens.tokenA, f.user.account.address)
    const p = params({ tokenOut: out, amountIn: expectedIn + e('1'), amountOut })
    const { result } = await swap('swapExactOut', p, legs())
    expect(result).toBe(expectedIn)
    expect(userBefore - (await balanceOf(f.tokens.tokenA, f.user.account.address))).toBe(expectedIn)
    expect(await balanceOf(out, RECEIVER)).toBe(amountOut)
  })

  it('max-in boundary: exact maximum passes, maximum - 1 reverts ExcessiveInput', async () => {
    const legs = [leg([v3(f.tokens.tokenA, f.tokens.tokenB, 3000)])]
    const expectedIn = await v3In([f.tokens.tokenA, f.tokens.tokenB], [3000], amountOut)
    await expectRevert(
      simulateSwap('swapExactOut', params({ amountIn: expectedIn - 1n, amountOut }), legs),
      'ExcessiveInput',
      [expectedIn, expectedIn - 1n],
    )
    const { result } = await swap('swapExactOut', params({ amountIn: expectedIn, amountOut }), legs)
    expect(result).toBe(expectedIn)
  })

  it('integrator fee: gross = ceil(out * 10000 / (10000 - feeBps)), receiver gets exactly amountOut', async () => {
    const legs = [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB)])]
    const net = e('5') + 1n
    const gross = (net * 10_000n + 9_949n) / 9_950n
    const expectedIn = await v2In(f.uniswapV2.router, gross, [f.tokens.tokenA, f.tokens.tokenB])
    const p = params({
      amountIn: expectedIn,
      amountOut: net,
      feeBps: 50,
      feeRecipient: FEE_RECIPIENT,
      integratorId: toHex('x', { size: 32 }),
    })
    const { result, receipt } = await swap('swapExactOut', p, legs)
    expect(result).toBe(expectedIn)
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(net)
    expect(await balanceOf(f.tokens.tokenB, FEE_RECIPIENT)).toBe(gross - net)
    const [event] = parseEventLogs({ abi: aggregatorAbi, logs: receipt.logs, eventName: 'Swapped' })
    expect([event?.args.amountIn, event?.args.amountOut, event?.args.feeAmount]).toEqual([
      expectedIn,
      net,
      gross - net,
    ])
  })

  it('native in and out: refunds unused ETH to the sender', async () => {
    const expectedIn = await v3In([f.weth, f.tokens.tokenB], [3000], amountOut)
    const ethBefore = await balanceOf(zeroAddress, f.user.account.address)
    const p = params({ tokenIn: zeroAddress, amountIn: e('9'), amountOut })
    const { result, receipt } = await swap(
      'swapExactOut',
      p,
      [leg([v3(f.weth, f.tokens.tokenB, 3000)])],
      e('9'),
    )
    expect(result).toBe(expectedIn)
    const gasCost = receipt.gasUsed * receipt.effectiveGasPrice
    expect(ethBefore - (await balanceOf(zeroAddress, f.user.account.address))).toBe(expectedIn + gasCost)

    const expectedB = await v3In([f.tokens.tokenB, f.weth], [3000], e('1'))
    const { result: spentB } = await swap(
      'swapExactOut',
      params({ tokenIn: f.tokens.tokenB, tokenOut: zeroAddress, amountIn: e('100'), amountOut: e('1') }),
      [leg([v3(f.tokens.tokenB, f.weth, 3000)])],
    )
    expect(spentB).toBe(expectedB)
    expect(await balanceOf(zeroAddress, RECEIVER)).toBe(e('1'))
  })
})

describe('wrap and unwrap (no legs)', () => {
  it('exact-in wrap: the receiver gets exactly msg.value of wrapped native, minus the integrator fee', async () => {
    const p = params({ tokenIn: zeroAddress, tokenOut: f.weth, amountIn: e('2'), amountOut: e('2') })
    const { result } = await swap('swapExactIn', p, [], e('2'))
    expect(result).toBe(e('2'))
    expect(await balanceOf(f.weth, RECEIVER)).toBe(e('2'))

    const withFee = { ...p, amountOut: 0n, feeBps: 25, feeRecipient: FEE_RECIPIENT }
    const { result: net } = await swap('swapExactIn', withFee, [], e('2'))
    expect(net).toBe(e('1.995'))
    expect(await balanceOf(f.weth, FEE_RECIPIENT)).toBe(e('0.005'))
  })

  it('exact-in unwrap: pulls wrapped native and sends the same amount of ETH', async () => {
    const user = f.user.account.address
    await swap(
      'swapExactIn',
      params({ tokenIn: zeroAddress, tokenOut: f.weth, amountIn: e('3'), receiver: user }),
      [],
      e('3'),
    )
    const p = params({ tokenIn: f.weth, tokenOut: zeroAddress, amountIn: e('3'), amountOut: e('3') })
    const { result } = await swap('swapExactIn', p, [])
    expect(result).toBe(e('3'))
    expect(await balanceOf(zeroAddress, RECEIVER)).toBe(e('3'))
    expect(await balanceOf(f.weth, user)).toBe(0n)
  })

  it('exact-out: spends exactly the gross target and refunds the rest of the maximum', async () => {
    const user = f.user.account.address
    const p = params({
      tokenIn: zeroAddress,
      tokenOut: f.weth,
      amountIn: e('5'),
      amountOut: e('1'),
      receiver: user,
    })
    const ethBefore = await balanceOf(zeroAddress, user)
    const { result, receipt } = await swap('swapExactOut', p, [], e('5'))
    expect(result).toBe(e('1'))
    expect(ethBefore - (await balanceOf(zeroAddress, user))).toBe(
      e('1') + receipt.gasUsed * receipt.effectiveGasPrice,
    )
    expect(await balanceOf(f.weth, user)).toBe(e('1'))

    const unwrap = params({
      tokenIn: f.weth,
      tokenOut: zeroAddress,
      amountIn: e('1'),
      amountOut: 997n,
      feeBps: 30,
      feeRecipient: FEE_RECIPIENT,
    })
    const { result: spent } = await swap('swapExactOut', unwrap, [])
    expect(spent).toBe(1000n)
    expect(await balanceOf(zeroAddress, RECEIVER)).toBe(997n)
    expect(await balanceOf(f.weth, user)).toBe(e('1') - 1000n)
    await expectRevert(simulateSwap('swapExactOut', { ...unwrap, amountIn: 999n }, []), 'ExcessiveInput', [
      1000n,
      999n,
    ])
  })

  it('no legs for any other pair, and legs for a wrap, revert InvalidRoute(0, 0)', async () => {
    await expectRevert(simulateSwap('swapExactIn', params({}), []), 'InvalidRoute', [0n, 0n])
    await expectRevert(
      simulateSwap('swapExactIn', params({ tokenIn: f.weth, tokenOut: f.weth }), []),
      'InvalidRoute',
      [0n, 0n],
    )
    const wrapLegs = [leg([v3(f.weth, f.tokens.tokenB, 3000), v3(f.tokens.tokenB, f.weth, 3000)])]
    await expectRevert(
      simulateSwap(
        'swapExactIn',
        params({ tokenIn: zeroAddress, tokenOut: f.weth, amountIn: e('1') }),
        wrapLegs,
        e('1'),
      ),
      'InvalidRoute',
      [0n, 0n],
    )
  })
})

describe('safety', () => {
  const legsAB = () => [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB)])]

  it('rejects an expired deadline', async () => {
    const block = await f.deployer.getBlock()
    const deadline = block.timestamp - 1n
    await expectRevert(simulateSwap('swapExactIn', params({ deadline }), legsAB()), 'DeadlineExpired')
    await expectRevert(
      simulateSwap('swapExactOut', params({ deadline, amountOut: 1n }), legsAB()),
      'DeadlineExpired',
    )
  })

  it('rejects an unknown factory id, a kind mismatch and a fee above the maximum', async () => {
    const unknown = [leg([{ ...v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.tokens.tokenB), factoryId: 7 }])]
    await expectRevert(simulateSwap('swapExactIn', params({}), unknown), 'UnknownFactory', [7])
    const mismatch = [leg([{ ...v3(f.tokens.tokenA, f.tokens.tokenB, 3000), factoryId: FACTORY_UNISWAP_V2 }])]
    await expectRevert(simulateSwap('swapExactIn', params({}), mismatch), 'InvalidRoute', [0n, 0n])
    await expectRevert(simulateSwap('swapExactIn', params({ feeBps: 1001 }), legsAB()), 'FeeTooHigh', [1001])
  })

  it('refuses to deploy with a factory of a kind it has no branch for (none falls through to V3)', async () => {
    const data = encodeDeployData({
      abi: aggregatorAbi,
      bytecode: aggregatorBytecode,
      args: [f.weth, [{ factory: f.weth, initCodeHash: zeroHash, kind: 4, v2FeeBps: 0 }]],
    })
    const error = await f.deployer.call({ data }).then(
      () => undefined,
      (e: unknown) => e,
    )
    const hasData = (e: unknown): e is { data: Hex } =>
      typeof e === 'object' && e !== null && 'data' in e && typeof e.data === 'string'
    const found = error instanceof BaseError ? error.walk(hasData) : null
    const raw = hasData(found) ? found.data : '0x'
    expect(decodeErrorResult({ abi: aggregatorAbi, data: raw })).toMatchObject({
      errorName: 'UnknownKind',
      args: [4],
    })
  })

  it('rejects an integrator fee without a recipient instead of burning it', async () => {
    const p = params({ feeBps: 30, feeRecipient: zeroAddress })
    await expectRevert(simulateSwap('swapExactIn', p, legsAB()), 'MissingFeeRecipient')
    await expectRevert(
      simulateSwap('swapExactOut', { ...p, amountIn: e('10'), amountOut: e('1') }, legsAB()),
      'MissingFeeRecipient',
    )
  })

  it('exact-out: reverts InsufficientOutput when the aggregator receives less than the gross target', async () => {
    const { fot, tokenA } = f.tokens
    const p = params({ tokenIn: tokenA, tokenOut: fot, amountIn: e('10'), amountOut: e('1') })
    const legs = [leg([v2(FACTORY_UNISWAP_V2, tokenA, fot)])]
    await expectRevert(simulateSwap('swapExactOut', p, legs), 'InsufficientOutput', [e('0.99'), e('1')])
  })

  describe('refuses receivers and fee recipients that would burn the output or leave it for anyone', () => {
    const sinks = () => [
      { name: 'the zero address', account: zeroAddress },
      { name: 'the aggregator', account: f.aggregator },
      { name: 'the input token', account: f.tokens.tokenA },
      { name: 'the output token', account: f.tokens.tokenB },
      { name: 'the wrapped native token', account: f.weth },
    ]
    const exactOut = { amountIn: e('10'), amountOut: e('1') }

    it('receiver: each sink reverts InvalidReceiver(receiver) on both entry points', async () => {
      for (const { account } of sinks()) {
        for (const [functionName, extra] of [
          ['swapExactIn', {}],
          ['swapExactOut', exactOut],
        ] as const) {
          await expectRevert(
            simulateSwap(functionName, params({ ...extra, receiver: account }), legsAB()),
            'InvalidReceiver',
            [account],
          )
        }
      }
    })

    it('receiver: the wrapped native token is refused for native output, an account passes', async () => {
      const legs = [leg([v2(FACTORY_UNISWAP_V2, f.tokens.tokenA, f.weth)])]
      const p = params({ tokenOut: zeroAddress, amountIn: e('4') })
      await expectRevert(simulateSwap('swapExactIn', { ...p, receiver: f.weth }, legs), 'InvalidReceiver', [
        f.weth,
      ])
      const expected = await v2Out(f.uniswapV2.router, e('4'), [f.tokens.tokenA, f.weth])
      const { result } = await swap('swapExactIn', { ...p, receiver: RECEIVER }, legs)
      expect(result).toBe(expected)
      expect(await balanceOf(zeroAddress, RECEIVER)).toBe(expected)
    })

    it('fee recipient: each sink other than zero reverts InvalidFeeRecipient(feeRecipient) when a fee is taken', async () => {
      for (const { account } of sinks().filter((s) => s.account !== zeroAddress)) {
        for (const [functionName, extra] of [
          ['swapExactIn', {}],
          ['swapExactOut', exactOut],
        ] as const) {
          await expectRevert(
            simulateSwap(functionName, params({ ...extra, feeBps: 30, feeRecipient: account }), legsAB()),
            'InvalidFeeRecipient',
            [account],
          )
        }
      }
    })

    it('fee recipient: ignored without a fee, and the receiver may take the fee itself', async () => {
      const expected = await v2Out(f.uniswapV2.router, e('10'), [f.tokens.tokenA, f.tokens.tokenB])
      const noFee = await swap('swapExactIn', params({ feeRecipient: f.aggregator }), legsAB())
      expect(noFee.result).toBe(expected)
      await fixture.restore()
      const fee = (expected * 30n) / 10_000n
      const own = await swap('swapExactIn', params({ feeBps: 30, feeRecipient: RECEIVER }), legsAB())
      expect(own.result).toBe(expected - fee)
      expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(expected)
    })
  })

  it('exact-in: a V3 pool that runs out of liquidity reverts instead of stranding the rest of the input', async () => {
    const { tokenA, tokenC } = f.tokens
    const [token0, token1] = tokenA.toLowerCase() < tokenC.toLowerCase() ? [tokenA, tokenC] : [tokenC, tokenA]
    const manager = f.uniswapV3.positionManager
    const create = await sendContractCall(f.deployer, {
      address: manager,
      abi: positionManagerAbi,
      functionName: 'createAndInitializePoolIfNecessary',
      args: [token0, token1, 10_000, 2n ** 96n],
    })
    expect(create.status).toBe('success')
    const mint = await sendContractCall(f.deployer, {
      address: manager,
      abi: positionManagerAbi,
      functionName: 'mint',
      args: [
        {
          token0,
          token1,
          fee: 10_000,
          tickLower: -200,
          tickUpper: 200,
          amount0Desired: e('1'),
          amount1Desired: e('1'),
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: f.deployer.account.address,
          deadline: maxUint256,
        },
      ],
    })
    expect(mint.status).toBe('success')
    const legs = [leg([v3(tokenA, tokenC, 10_000)])]
    await expectRevert(
      simulateSwap('swapExactIn', params({ tokenOut: tokenC, amountIn: e('10') }), legs),
      'InvalidRoute',
      [0n, 0n],
    )
  })

  it('rejects callbacks from anything but the pool being swapped with', async () => {
    const fakePool = await deployBytecode(f.attacker, { abi: fakePoolAbi, bytecode: fakePoolBytecode })
    const abi = [...fakePoolAbi, ...aggregatorAbi] as Abi
    const data = '0x' as Hex
    await expectRevert(
      f.attacker.simulateContract({
        address: fakePool,
        abi,
        functionName: 'callV3',
        args: [f.aggregator, e('1'), 0n, data],
      }),
      'UnauthorizedCallback',
      [fakePool],
    )
    await expectRevert(
      f.attacker.simulateContract({
        address: fakePool,
        abi,
        functionName: 'callV2',
        args: [f.aggregator, f.aggregator, 0n, e('1'), data],
      }),
      'UnauthorizedCallback',
      [fakePool],
    )
  })

  it('cannot drain a victim who approved the aggregator', async () => {
    const victimBefore = await balanceOf(f.tokens.tokenA, f.user.account.address)
    const p = params({ amountIn: e('1000'), receiver: f.attacker.account.address })
    await expect(
      f.attacker.simulateContract({
        address: f.aggregator,
        abi: aggregatorAbi,
        functionName: 'swapExactIn',
        args: [p, legsAB()],
      }),
    ).rejects.toThrow(BaseError)
    await expectRevert(
      f.attacker.simulateContract({
        address: f.aggregator,
        abi: [...aggregatorAbi, ...devTokenAbi] as Abi,
        functionName: 'swapExactOut',
        args: [{ ...p, amountOut: e('1') }, legsAB()],
      }),
      'InsufficientAllowance',
    )
    expect(await balanceOf(f.tokens.tokenA, f.user.account.address)).toBe(victimBefore)
  })

  it('rejects re-entry from a token transfer', async () => {
    const token = await deployBytecode(f.user, { abi: reentrantTokenAbi, bytecode: reentrantTokenBytecode })
    const write = async (functionName: 'mint' | 'approve' | 'arm', args: readonly unknown[]) => {
      const hash = await f.user.writeContract({
        address: token,
        abi: reentrantTokenAbi as Abi,
        functionName,
        args,
      })
      await waitForReceipt(f.user, { hash })
    }
    const inner = params({ tokenIn: f.tokens.tokenA, amountIn: 1n })
    await write('mint', [f.user.account.address, e('10')])
    await write('approve', [f.aggregator, maxUint256])
    await write('arm', [
      f.aggregator,
      encodeFunctionData({ abi: aggregatorAbi, functionName: 'swapExactIn', args: [inner, legsAB()] }),
    ])
    const legs = [leg([v2(FACTORY_UNISWAP_V2, token, f.tokens.tokenB)])]
    await expectRevert(simulateSwap('swapExactIn', params({ tokenIn: token }), legs), 'Reentrancy')
  })
})

describe('swapExactInRoute: flows that split and merge at every hop', () => {
  const ONE = 10n ** 18n
  type Step = Hop & { share: bigint }
  const step = (hop: Hop, share = ONE): Step => ({ ...hop, share })

  async function route(p: SwapParams, steps: Step[], value = 0n) {
    const { result, request } = await f.user.simulateContract({
      address: f.aggregator,
      abi: aggregatorAbi,
      functionName: 'swapExactInRoute',
      args: [p, steps],
      value,
    })
    expect((await sendContractCall(f.user, request)).status).toBe('success')
    await expectNoLeftovers()
    return result
  }
  const simulateRoute = (p: SwapParams, steps: Step[]) =>
    f.user.simulateContract({
      address: f.aggregator,
      abi: aggregatorAbi,
      functionName: 'swapExactInRoute',
      args: [p, steps],
    })

  it('splits A over two V2 pools and merges the B into one V3 pool, paying what the pools pay', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    const amountIn = e('10')
    const toUni = (amountIn * 6n * ONE) / 10n / ONE
    const viaUni = await v2Out(f.uniswapV2.router, toUni, [tokenA, tokenB])
    const viaSushi = await v2Out(f.sushiswap.router, amountIn - toUni, [tokenA, tokenB])
    const expected = await v3Out([tokenB, tokenC], [500], viaUni + viaSushi)
    const before = await balanceOf(tokenC, RECEIVER)
    const out = await route(params({ tokenOut: tokenC, amountIn, amountOut: expected }), [
      step(v2(FACTORY_UNISWAP_V2, tokenA, tokenB), (6n * ONE) / 10n),
      step(v2(FACTORY_SUSHISWAP, tokenA, tokenB)),
      step(v3(tokenB, tokenC, 500)),
    ])
    expect(out).toBe(expected)
    expect((await balanceOf(tokenC, RECEIVER)) - before).toBe(expected)
  })

  it('fans out again after a shared hop: A to B in one pool, then B to C over a V3 and a V2 pool', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    const amountIn = e('4')
    const b = await v3Out([tokenA, tokenB], [3000], amountIn)
    const half = b / 2n
    const expected =
      (await v3Out([tokenB, tokenC], [500], half)) +
      (await v2Out(f.uniswapV2.router, b - half, [tokenB, tokenC]))
    const out = await route(params({ tokenOut: tokenC, amountIn }), [
      step(v3(tokenA, tokenB, 3000)),
      step(v3(tokenB, tokenC, 500), ONE / 2n),
      step(v2(FACTORY_UNISWAP_V2, tokenB, tokenC)),
    ])
    expect(out).toBe(expected)
  })

  it('takes native input, splits it over a two-hop and a one-hop path and merges them in the output', async () => {
    const { tokenA, tokenB } = f.tokens
    const amountIn = e('2')
    const viaA = await v2Out(f.uniswapV2.router, amountIn / 4n, [f.weth, tokenA, tokenB])
    const direct = await v3Out([f.weth, tokenB], [3000], amountIn - amountIn / 4n)
    const out = await route(
      params({ tokenIn: zeroAddress, amountIn }),
      [
        step(v2(FACTORY_UNISWAP_V2, f.weth, tokenA), ONE / 4n),
        step(v2(FACTORY_UNISWAP_V2, tokenA, tokenB)),
        step(v3(f.weth, tokenB, 3000)),
      ],
      amountIn,
    )
    expect(out).toBe(viaA + direct)
  })

  it('refuses to leave an intermediate token behind, to spend what it does not hold, and shares above one', async () => {
    const { tokenA, tokenB, tokenC } = f.tokens
    const p = params({ tokenOut: tokenC })
    await expectRevert(
      simulateRoute(p, [
        step(v2(FACTORY_UNISWAP_V2, tokenA, tokenB)),
        step(v3(tokenB, tokenC, 500), ONE / 2n),
      ]),
      'InvalidRoute',
      [2n, 1n],
    )
    await expectRevert(simulateRoute(p, [step(v3(tokenB, tokenC, 500))]), 'InvalidRoute', [0n, 0n])
    await expectRevert(
      simulateRoute(p, [step(v2(FACTORY_UNISWAP_V2, tokenA, tokenB), ONE + 1n)]),
      'InvalidRoute',
      [0n, 0n],
    )
    await expectRevert(simulateRoute(p, []), 'InvalidRoute', [0n, 0n])
  })

  it('keeps the rules of every route: allowlisted factories, matching kinds, the minimum output', async () => {
    const { tokenA, tokenB } = f.tokens
    await expectRevert(
      simulateRoute(params({}), [step({ ...v2(FACTORY_UNISWAP_V2, tokenA, tokenB), factoryId: 9 })]),
      'UnknownFactory',
      [9],
    )
    await expectRevert(
      simulateRoute(params({}), [step({ ...v3(tokenA, tokenB, 3000), factoryId: FACTORY_UNISWAP_V2 })]),
      'InvalidRoute',
      [0n, 0n],
    )
    const expected = await v2Out(f.uniswapV2.router, e('10'), [tokenA, tokenB])
    await expectRevert(
      simulateRoute(params({ amountOut: expected + 1n }), [step(v2(FACTORY_UNISWAP_V2, tokenA, tokenB))]),
      'InsufficientOutput',
      [expected, expected + 1n],
    )
  })
})
