import {
  type Address,
  concat,
  encodeAbiParameters,
  type Hex,
  pad,
  parseEther,
  parseEventLogs,
  zeroAddress,
  zeroHash,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  aggregatorAbi,
  devTokenAbi,
  stargateComposerAbi,
  stargateEntryAbi,
  testStargatePoolAbi,
  testStargatePoolBytecode,
} from '../artifacts/index'
import { deployBytecode } from '../deploy/deployBytecode'
import { deployStargateComposer } from '../deploy/deployStargateComposer'
import { deployStargateEntry } from '../deploy/deployStargateEntry'
import { waitForReceipt } from '../deploy/waitForReceipt'
import { composeMessage, destinationSwapParameter } from './composeMessage'
import { deployEndpointV2, endpointV2Abi } from './deployEndpointV2'
import { FACTORY_SUSHISWAP, type SwapFixture } from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { setupEntryFixture } from './setupEntryFixture'
import { type Step, v2Out, v2Step } from './v2Step'

type DestinationSwap = {
  receiver: Address
  tokenOut: Address
  minAmountOut: bigint
  deadline: bigint
  steps: Step[]
}
type CrossSwap = {
  tokenIn: Address
  amountIn: bigint
  minBridgeAmount: bigint
  exactAmountLD: bigint
  deadline: bigint
  pool: Address
  dstEid: number
  composer: Address
  minAmountLD: bigint
  extraOptions: Hex
  nativeFee: bigint
  feeRecipient: Address
  feeBps: number
  integratorId: Hex
}

const EID = 30101
const DST_EID = 30110
const RATE = 10n ** 12n // local (18) vs shared (6) decimals, as Stargate's pools of 18-decimal assets
const POOL_FEE_BPS = 6n
const MESSAGING_FEE = parseEther('0.01')
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'
const e = parseEther

let f: SwapFixture
let endpoint: Address
let composer: Address
let entry: Address
let tokenPool: Address
let nativePool: Address

const fixture = setupEntryFixture({
  async deploy({ deployer, tokens, aggregator }) {
    const pool = (token: Address, feeBps: bigint) =>
      deployBytecode(deployer, {
        abi: testStargatePoolAbi,
        bytecode: testStargatePoolBytecode,
        args: [token, RATE, feeBps, MESSAGING_FEE],
      })
    const tokenPool = await pool(tokens.tokenA, POOL_FEE_BPS)
    const nativePool = await pool(zeroAddress, 0n)
    const pools = [
      { pool: tokenPool, token: tokens.tokenA },
      { pool: nativePool, token: zeroAddress },
    ]
    const { entry } = await deployStargateEntry(deployer, { aggregator, pools })
    // The destination side on the same anvil: the test pool's address stands for the destination pool.
    const endpoint = await deployEndpointV2(deployer, { eid: EID })
    const { composer } = await deployStargateComposer(deployer, { endpoint, aggregator, pools })
    return { entry, endpoint, composer, tokenPool, nativePool }
  },
  approvedTokens: ['tokenA', 'tokenB'],
})
const { balanceOf } = fixture

beforeAll(() => {
  ;({
    f,
    deployed: { entry, endpoint, composer, tokenPool, nativePool },
  } = fixture.get())
})

const dustFree = (amount: bigint) => (amount / RATE) * RATE
const poolReceives = (sent: bigint) => dustFree(sent - (sent * POOL_FEE_BPS) / 10_000n)

function cross(overrides: Partial<CrossSwap>): CrossSwap {
  return {
    tokenIn: f.tokens.tokenB,
    amountIn: e('10'),
    minBridgeAmount: 0n,
    exactAmountLD: 0n,
    deadline: 2n ** 40n,
    pool: tokenPool,
    dstEid: DST_EID,
    composer,
    minAmountLD: 0n,
    extraOptions: '0x',
    nativeFee: MESSAGING_FEE,
    feeRecipient: zeroAddress,
    feeBps: 0,
    integratorId: zeroHash,
    ...overrides,
  }
}

function destination(overrides: Partial<DestinationSwap> = {}): DestinationSwap {
  return {
    receiver: RECEIVER,
    tokenOut: f.tokens.tokenB,
    minAmountOut: 0n,
    deadline: 2n ** 40n,
    steps: [v2Step(f.tokens.tokenA, f.tokens.tokenB, FACTORY_SUSHISWAP)],
    ...overrides,
  }
}

/** Sends `swapAndSend` from the user; returns the pool's `Sent` and the entry's `CrossSwapSent` and the gas paid. */
async function swapAndSend(s: CrossSwap, steps: Step[], dst: DestinationSwap, value: bigint) {
  const { request } = await f.user.simulateContract({
    address: entry,
    abi: stargateEntryAbi,
    functionName: 'swapAndSend',
    args: [s, steps, dst],
    value,
  })
  const gas = await f.user.estimateContractGas(request)
  const hash = await f.user.writeContract({ ...request, gas: (gas * 13n) / 10n })
  const receipt = await waitForReceipt(f.user, { hash })
  expect(receipt.status).toBe('success')
  const logs = parseEventLogs({ abi: [...testStargatePoolAbi, ...stargateEntryAbi], logs: receipt.logs })
  const sent = logs.find((x) => x.eventName === 'Sent')
  const crossSent = logs.find((x) => x.eventName === 'CrossSwapSent')
  if (sent?.eventName !== 'Sent' || crossSent?.eventName !== 'CrossSwapSent')
    throw new Error('events missing')
  return { sent: sent.args, crossSent: crossSent.args, gasPaid: receipt.gasUsed * receipt.effectiveGasPrice }
}

async function expectEntryHoldsNothing() {
  for (const token of [f.tokens.tokenA, f.tokens.tokenB, f.weth, zeroAddress]) {
    expect(await balanceOf(token, entry)).toBe(0n)
    expect(await balanceOf(token, f.aggregator)).toBe(0n)
  }
  for (const [token, spender] of [
    [f.tokens.tokenB, f.aggregator],
    [f.tokens.tokenA, tokenPool],
  ] as const) {
    const allowance = await f.deployer.readContract({
      address: token,
      abi: devTokenAbi,
      functionName: 'allowance',
      args: [entry, spender],
    })
    expect(allowance).toBe(0n)
  }
}

function simulate(s: CrossSwap, steps: Step[], dst: DestinationSwap, value: bigint) {
  return f.user.simulateContract({
    address: entry,
    abi: [...stargateEntryAbi, ...aggregatorAbi, ...testStargatePoolAbi],
    functionName: 'swapAndSend',
    args: [s, steps, dst],
    value,
  })
}

/** Event data comes back as lowercase hex. */
const lower = (hex: Hex) => hex.toLowerCase()
const encodeOrder = (o: DestinationSwap) => encodeAbiParameters([destinationSwapParameter], [o])

describe('StargateEntry: swap and send in one transaction', () => {
  it('swaps a token to the pool asset, sends it with our compose message, refunds the dust; the destination pays', async () => {
    const steps = [v2Step(f.tokens.tokenB, f.tokens.tokenA)]
    const swapOut = v2Out(e('10'), e('1000'), e('1000'))
    const sentLD = dustFree(swapOut)
    const receivedLD = poolReceives(sentLD)
    const dst = destination()
    const user = f.user.account.address
    const before = {
      a: await balanceOf(f.tokens.tokenA, user),
      b: await balanceOf(f.tokens.tokenB, user),
      eth: await balanceOf(zeroAddress, user),
    }
    const { sent, crossSent, gasPaid } = await swapAndSend(cross({}), steps, dst, MESSAGING_FEE)

    expect(await balanceOf(f.tokens.tokenB, user)).toBe(before.b - e('10'))
    expect(await balanceOf(f.tokens.tokenA, user)).toBe(before.a + (swapOut - sentLD))
    expect(await balanceOf(zeroAddress, user)).toBe(before.eth - MESSAGING_FEE - gasPaid)
    expect(await balanceOf(f.tokens.tokenA, tokenPool)).toBe(sentLD)
    expect(await balanceOf(zeroAddress, tokenPool)).toBe(MESSAGING_FEE)
    expect(sent).toEqual({
      guid: sent.guid,
      dstEid: DST_EID,
      to: lower(pad(composer)),
      amountSentLD: sentLD,
      amountReceivedLD: receivedLD,
      composeMsg: lower(concat([pad(entry), encodeOrder(dst)])),
    })
    expect(crossSent).toEqual({
      sender: user,
      guid: sent.guid,
      dstEid: DST_EID,
      receiver: RECEIVER,
      tokenIn: f.tokens.tokenB,
      amountIn: e('10'),
      bridgeToken: f.tokens.tokenA,
      amountSentLD: sentLD,
      amountReceivedLD: receivedLD,
      tokenOut: f.tokens.tokenB,
      minAmountOut: 0n,
    })
    await expectEntryHoldsNothing()

    // Destination: the pool pays the composer and queues the compose with the payload it carried.
    await f.deployer.impersonateAccount({ address: tokenPool })
    await f.deployer.setBalance({ address: tokenPool, value: e('1') })
    const message = composeMessage({
      amountLD: receivedLD,
      srcEid: EID,
      composeFrom: pad(entry),
      composeMsg: encodeOrder(dst),
    })
    for (const call of [
      () =>
        f.deployer.writeContract({
          account: tokenPool,
          address: f.tokens.tokenA,
          abi: devTokenAbi,
          functionName: 'transfer',
          args: [composer, receivedLD],
        }),
      () =>
        f.deployer.writeContract({
          account: tokenPool,
          address: endpoint,
          abi: endpointV2Abi,
          functionName: 'sendCompose',
          args: [composer, sent.guid, 0, message],
        }),
    ]) {
      // one after the other: two sends from one account at once can take the same nonce
      expect((await waitForReceipt(f.deployer, { hash: await call() })).status).toBe('success')
    }
    const hash = await f.attacker.writeContract({
      address: endpoint,
      abi: endpointV2Abi,
      functionName: 'lzCompose',
      args: [tokenPool, composer, sent.guid, 0, message, '0x'],
      gas: 1_000_000n,
    })
    const receipt = await waitForReceipt(f.attacker, { hash })
    expect(receipt.status).toBe('success')
    const [swapped] = parseEventLogs({ abi: stargateComposerAbi, logs: receipt.logs })
    const expected = v2Out(receivedLD, e('1000'), e('1100'))
    expect(swapped?.eventName).toBe('ComposeSwapped')
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(expected)
    expect(await balanceOf(f.tokens.tokenA, composer)).toBe(0n)
  })

  it('native input swapped to the pool token: msg.value = amountIn + nativeFee', async () => {
    const steps = [v2Step(f.weth, f.tokens.tokenA)]
    const swapOut = v2Out(e('1'), e('500'), e('1000'))
    const user = f.user.account.address
    const ethBefore = await balanceOf(zeroAddress, user)
    const aBefore = await balanceOf(f.tokens.tokenA, user)
    const { sent, gasPaid } = await swapAndSend(
      cross({ tokenIn: zeroAddress, amountIn: e('1'), minBridgeAmount: swapOut }),
      steps,
      destination(),
      e('1') + MESSAGING_FEE,
    )
    expect(sent.amountSentLD).toBe(dustFree(swapOut))
    expect(await balanceOf(zeroAddress, user)).toBe(ethBefore - e('1') - MESSAGING_FEE - gasPaid)
    expect(await balanceOf(f.tokens.tokenA, user)).toBe(aBefore + swapOut - dustFree(swapOut))
    await expectEntryHoldsNothing()
  })

  it('native input bridged as native without a destination swap: the dust comes back with the fee refund', async () => {
    const amountIn = e('1') + 123n
    const user = f.user.account.address
    const ethBefore = await balanceOf(zeroAddress, user)
    const { sent, gasPaid } = await swapAndSend(
      cross({ tokenIn: zeroAddress, amountIn, pool: nativePool, composer: zeroAddress }),
      [],
      destination({ tokenOut: zeroAddress, steps: [] }),
      amountIn + MESSAGING_FEE,
    )
    expect(sent).toEqual({
      guid: sent.guid,
      dstEid: DST_EID,
      to: lower(pad(RECEIVER)),
      amountSentLD: e('1'),
      amountReceivedLD: e('1'),
      composeMsg: '0x',
    })
    expect(await balanceOf(zeroAddress, user)).toBe(ethBefore - e('1') - MESSAGING_FEE - gasPaid)
    expect(await balanceOf(zeroAddress, nativePool)).toBe(e('1') + MESSAGING_FEE)
    await expectEntryHoldsNothing()
  })

  it('takes the integrator fee in the pool asset before the send, and refuses one above the cap', async () => {
    const feeTo = '0x00000000000000000000000000000000000fee70'
    const steps = [v2Step(f.tokens.tokenB, f.tokens.tokenA)]
    const swapOut = v2Out(e('10'), e('1000'), e('1000'))
    const fee = (swapOut * 50n) / 10_000n
    const poolBefore = await balanceOf(f.tokens.tokenA, tokenPool)
    const { sent } = await swapAndSend(
      cross({ feeRecipient: feeTo, feeBps: 50, integratorId: `0x${'ab'.repeat(32)}` }),
      steps,
      destination(),
      MESSAGING_FEE,
    )
    expect(await balanceOf(f.tokens.tokenA, feeTo)).toBe(fee)
    expect(sent.amountSentLD).toBe(dustFree(swapOut - fee))
    expect((await balanceOf(f.tokens.tokenA, tokenPool)) - poolBefore).toBe(dustFree(swapOut - fee))
    await expectEntryHoldsNothing()
    await expectRevert(
      simulate(cross({ feeRecipient: feeTo, feeBps: 1001 }), steps, destination(), MESSAGING_FEE),
      'FeeTooHigh',
      [1001],
    )
  })

  it('exactAmountLD: sends exactly that, takes the fee on it besides, refunds the rest of the swap; less reverts', async () => {
    const feeTo: Address = '0x00000000000000000000000000000000000fee71'
    const steps = [v2Step(f.tokens.tokenB, f.tokens.tokenA)]
    const swapOut = v2Out(e('10'), e('1000'), e('1000'))
    const withFee = { feeRecipient: feeTo, feeBps: 50 }
    // the boundary pair: the most the swap's output covers with its fee passes, one unit more reverts
    const needs = (amount: bigint) => amount + (amount * 50n) / 10_000n
    let most = (swapOut * 10_000n) / 10_050n
    while (needs(most + 1n) <= swapOut) most++
    while (needs(most) > swapOut) most--
    await simulate(cross({ ...withFee, exactAmountLD: most }), steps, destination(), MESSAGING_FEE)
    await expectRevert(
      simulate(cross({ ...withFee, exactAmountLD: most + 1n }), steps, destination(), MESSAGING_FEE),
      'InsufficientBridgeAmount',
      [swapOut, needs(most + 1n)],
    )
    const exact = e('9')
    const fee = (exact * 50n) / 10_000n
    const user = f.user.account.address
    const aBefore = await balanceOf(f.tokens.tokenA, user)
    const { sent, crossSent } = await swapAndSend(
      cross({ ...withFee, exactAmountLD: exact, minBridgeAmount: exact + fee }),
      steps,
      destination(),
      MESSAGING_FEE,
    )
    expect([sent.amountSentLD, sent.amountReceivedLD, crossSent.amountSentLD]).toEqual([
      exact,
      poolReceives(exact),
      exact,
    ])
    expect(await balanceOf(f.tokens.tokenA, feeTo)).toBe(fee)
    expect(await balanceOf(f.tokens.tokenA, user)).toBe(aBefore + swapOut - exact - fee)
    await expectEntryHoldsNothing()
  })

  it('exactAmountLD of a native input to the native pool: the input above it comes back with the fee refund', async () => {
    const amountIn = e('1') + 123n
    const exact = e('0.5')
    const user = f.user.account.address
    const ethBefore = await balanceOf(zeroAddress, user)
    const { sent, gasPaid } = await swapAndSend(
      cross({
        tokenIn: zeroAddress,
        amountIn,
        pool: nativePool,
        composer: zeroAddress,
        exactAmountLD: exact,
      }),
      [],
      destination({ tokenOut: zeroAddress, steps: [] }),
      amountIn + MESSAGING_FEE,
    )
    expect([sent.amountSentLD, sent.amountReceivedLD]).toEqual([exact, exact])
    expect(await balanceOf(zeroAddress, user)).toBe(ethBefore - exact - MESSAGING_FEE - gasPaid)
    await expectEntryHoldsNothing()
  })

  it('refuses a wrong msg.value, an unknown pool, a missing receiver, and unmet minimums', async () => {
    const steps = [v2Step(f.tokens.tokenB, f.tokens.tokenA)]
    const swapOut = v2Out(e('10'), e('1000'), e('1000'))
    await expectRevert(simulate(cross({}), steps, destination(), 0n), 'InvalidMsgValue', [0n, MESSAGING_FEE])
    await expectRevert(
      simulate(cross({ tokenIn: zeroAddress, amountIn: e('1') }), steps, destination(), e('1')),
      'InvalidMsgValue',
      [e('1'), e('1') + MESSAGING_FEE],
    )
    await expectRevert(
      simulate(cross({ pool: RECEIVER }), steps, destination(), MESSAGING_FEE),
      'UnknownPool',
      [RECEIVER],
    )
    await expectRevert(
      simulate(cross({}), steps, destination({ receiver: zeroAddress }), MESSAGING_FEE),
      'InvalidReceiver',
      [zeroAddress],
    )
    await expectRevert(
      simulate(cross({}), steps, destination({ receiver: composer }), MESSAGING_FEE),
      'InvalidReceiver',
      [composer],
    )
    await expectRevert(
      simulate(cross({ minBridgeAmount: swapOut + 1n }), steps, destination(), MESSAGING_FEE),
      'InsufficientOutput',
      [swapOut, swapOut + 1n],
    )
    const receivedLD = poolReceives(dustFree(swapOut))
    await expectRevert(
      simulate(cross({ minAmountLD: receivedLD + 1n }), steps, destination(), MESSAGING_FEE),
      'SlippageExceeded',
      [receivedLD, receivedLD + 1n],
    )
    await expectRevert(
      simulate(cross({ tokenIn: f.tokens.tokenA }), steps, destination(), MESSAGING_FEE),
      'InvalidRoute',
    )
  })
})
