import {
  type Address,
  encodeAbiParameters,
  erc20Abi,
  type Hex,
  maxUint256,
  pad,
  parseEther,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { acrossSpokePoolAbi as spokeAbi } from '../../server/providers/across/acrossSpokePoolAbi'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { acrossHandlerAbi } from '../artifacts/index'
import { deployAcrossHandler } from '../deploy/deployAcrossHandler'
import { deployAcrossSpokePool } from '../deploy/deployAcrossSpokePool'
import { sendContractTx } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'
import { destinationSwapParameter } from './composeMessage'
import { deploySwapFixture, type SwapFixture } from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { type Step, v2Out, v2Step } from './v2Step'

const CHAIN_ID = 31337
const ORIGIN_CHAIN_ID = 10n
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'
const e = parseEther

let anvil: AnvilInstance
let f: SwapFixture
let spokePool: Address
let handler: Address
let snapshotId: Hex
let depositId = 0n

const word = (address: Address): Hex => pad(address.toLowerCase() as Address)
function message(
  overrides: Partial<{
    receiver: Address
    tokenOut: Address
    minAmountOut: bigint
    deadline: bigint
    steps: Step[]
  }>,
) {
  return encodeAbiParameters(
    [destinationSwapParameter],
    [
      {
        receiver: RECEIVER,
        tokenOut: f.tokens.tokenB,
        minAmountOut: 0n,
        deadline: 2n ** 40n,
        steps: [v2Step(f.tokens.tokenA, f.tokens.tokenB)],
        ...overrides,
      },
    ],
  )
}

/** The filler (the fixture's deployer) fills a deposit paying `amount` of `outputToken` to the handler with `msg`. */
async function fill(outputToken: Address, amount: bigint, msg: Hex) {
  depositId += 1n
  const hash = await sendContractTx(f.deployer, {
    address: spokePool,
    abi: spokeAbi,
    functionName: 'fillRelay',
    args: [
      {
        depositor: word(f.user.account.address),
        recipient: word(handler),
        exclusiveRelayer: pad('0x0'),
        inputToken: word(f.tokens.tokenA),
        outputToken: word(outputToken),
        inputAmount: amount,
        outputAmount: amount,
        originChainId: ORIGIN_CHAIN_ID,
        depositId,
        fillDeadline: 2 ** 32 - 1,
        exclusivityDeadline: 0,
        message: msg,
      },
      ORIGIN_CHAIN_ID,
      word(f.deployer.account.address),
    ],
  })
  const receipt = await waitForReceipt(f.deployer, { hash })
  return parseEventLogs({ abi: acrossHandlerAbi, logs: receipt.logs })
}

const balanceOf = (token: Address, owner: Address) =>
  token === zeroAddress
    ? f.deployer.getBalance({ address: owner })
    : f.deployer.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

async function expectNothingHeld() {
  for (const token of [f.tokens.tokenA, f.tokens.tokenB, f.weth, zeroAddress]) {
    expect(await balanceOf(token, handler)).toBe(0n)
  }
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, port: await allocateTestPorts(1) })
  f = await deploySwapFixture({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID })
  ;({ spokePool } = await deployAcrossSpokePool(f.deployer, {
    wrappedNative: f.weth,
    withdrawalRecipient: f.deployer.account.address,
  }))
  ;({ handler } = await deployAcrossHandler(f.deployer, { spokePool, aggregator: f.aggregator }))
  await sendContractTx(f.deployer, {
    address: f.weth,
    abi: parseWethAbi,
    functionName: 'deposit',
    value: e('100'),
  })
  for (const token of [f.tokens.tokenA, f.weth]) {
    await sendContractTx(f.deployer, {
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spokePool, maxUint256],
    })
  }
  snapshotId = await f.deployer.snapshot()
}, 120_000)

beforeEach(async () => {
  await f.deployer.revert({ id: snapshotId })
  snapshotId = await f.deployer.snapshot()
})

afterAll(async () => {
  await anvil?.stop()
})

const parseWethAbi = [
  { type: 'function', name: 'deposit', stateMutability: 'payable', inputs: [], outputs: [] },
] as const

describe('AcrossHandler as the recipient of an Across fill', () => {
  it('swaps the filled amount along the route and pays the receiver exactly what the Aggregator pays', async () => {
    const amount = e('10')
    const expected = v2Out(amount, e('1000'), e('1000'))
    const events = await fill(f.tokens.tokenA, amount, message({ minAmountOut: expected }))
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(expected)
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(0n)
    expect(events.map((x) => [x.eventName, x.args])).toEqual([
      [
        'AcrossSwapped',
        {
          receiver: RECEIVER,
          tokenIn: f.tokens.tokenA,
          amountIn: amount,
          tokenOut: f.tokens.tokenB,
          amountOut: expected,
        },
      ],
    ])
    await expectNothingHeld()
  })

  it('swaps a wrapped-native fill (paid to a contract as the token) to a token', async () => {
    const amount = e('1')
    const expected = v2Out(amount, e('500'), e('1000'))
    const events = await fill(
      f.weth,
      amount,
      message({
        tokenOut: f.tokens.tokenA,
        minAmountOut: expected,
        steps: [v2Step(f.weth, f.tokens.tokenA)],
      }),
    )
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(expected)
    expect(events.map((x) => x.eventName)).toEqual(['AcrossSwapped'])
    await expectNothingHeld()
  })

  it('unwraps a wrapped-native fill for a receiver who asked for native', async () => {
    const before = await balanceOf(zeroAddress, RECEIVER)
    const events = await fill(f.weth, e('2'), message({ tokenOut: zeroAddress, steps: [] }))
    expect((await balanceOf(zeroAddress, RECEIVER)) - before).toBe(e('2'))
    expect(events.map((x) => [x.eventName, x.args])).toEqual([
      [
        'AcrossSwapped',
        {
          receiver: RECEIVER,
          tokenIn: zeroAddress,
          amountIn: e('2'),
          tokenOut: zeroAddress,
          amountOut: e('2'),
        },
      ],
    ])
    await expectNothingHeld()
  })

  it('pays the bridged token to the receiver and emits AcrossFallback when the swap cannot meet min-out', async () => {
    const amount = e('10')
    const tooMuch = v2Out(amount, e('1000'), e('1000')) + 1n
    const events = await fill(f.tokens.tokenA, amount, message({ minAmountOut: tooMuch }))
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(amount)
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(0n)
    expect(events.map((x) => [x.eventName, x.args.receiver, x.args.tokenOut])).toEqual([
      ['AcrossFallback', RECEIVER, f.tokens.tokenB],
    ])
    await expectNothingHeld()
  })

  it('pays the bridged token when the deadline has passed', async () => {
    const { timestamp } = await f.deployer.getBlock()
    const events = await fill(f.tokens.tokenA, e('3'), message({ deadline: timestamp - 1n }))
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(e('3'))
    expect(events.map((x) => x.eventName)).toEqual(['AcrossFallback'])
    await expectNothingHeld()
  })

  it('refuses a caller that is not the SpokePool', async () => {
    await f.deployer.sendTransaction({ to: handler, value: e('1') })
    await expectRevert(
      f.attacker.simulateContract({
        address: handler,
        abi: acrossHandlerAbi,
        functionName: 'handleV3AcrossMessage',
        args: [f.weth, e('1'), f.attacker.account.address, message({ receiver: f.attacker.account.address })],
      }),
      'UnauthorizedSpokePool',
      [f.attacker.account.address],
    )
  })

  it('a route that would pay someone else pays nobody but the receiver', async () => {
    // The route ends in tokenC although the order asks for tokenB: the Aggregator refuses it, the receiver
    // gets the bridged token, and the attacker who wrote the route gets nothing.
    const attacker = f.attacker.account.address
    const before = await Promise.all(
      [f.tokens.tokenA, f.tokens.tokenB, f.tokens.tokenC].map((t) => balanceOf(t, attacker)),
    )
    const events = await fill(
      f.tokens.tokenA,
      e('5'),
      message({
        steps: [v2Step(f.tokens.tokenA, f.tokens.tokenB), v2Step(f.tokens.tokenB, f.tokens.tokenC)],
      }),
    )
    expect(events.map((x) => x.eventName)).toEqual(['AcrossFallback'])
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(e('5'))
    expect(
      await Promise.all(
        [f.tokens.tokenA, f.tokens.tokenB, f.tokens.tokenC].map((t) => balanceOf(t, attacker)),
      ),
    ).toEqual(before)
    await expectNothingHeld()
  })

  it('refuses receivers where the payout would be stuck, so the fill reverts and the deposit stays refundable', async () => {
    for (const receiver of [handler, f.aggregator, spokePool, zeroAddress]) {
      await expectRevert(
        f.deployer.simulateContract({
          address: handler,
          abi: acrossHandlerAbi,
          functionName: 'handleV3AcrossMessage',
          args: [f.tokens.tokenA, 1n, f.deployer.account.address, message({ receiver })],
          account: spokePool,
        }),
        'InvalidReceiver',
        [receiver],
      )
    }
  })
})
