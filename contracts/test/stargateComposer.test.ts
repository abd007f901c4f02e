import {
  type Address,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionData,
  type Hex,
  keccak256,
  maxUint256,
  pad,
  parseEther,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
  zeroAddress,
} from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import {
  aggregatorAbi,
  blacklistTokenAbi,
  blacklistTokenBytecode,
  devTokenAbi,
  stargateComposerAbi,
  testWalletAbi,
  testWalletBytecode,
} from '../artifacts/index'
import { deployBytecode } from '../deploy/deployBytecode'
import { deployStargateComposer } from '../deploy/deployStargateComposer'
import { waitForReceipt } from '../deploy/waitForReceipt'
import { composeMessage, destinationSwapParameter } from './composeMessage'
import { deployEndpointV2, endpointV2Abi } from './deployEndpointV2'
import {
  deploySwapFixture,
  FACTORY_SUSHISWAP,
  FACTORY_UNISWAP_V2,
  type SwapFixture,
} from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { type Step, v2Out, v2Step } from './v2Step'

type DestinationSwap = {
  receiver: Address
  tokenOut: Address
  minAmountOut: bigint
  deadline: bigint
  steps: Step[]
}

const CHAIN_ID = 31337
const EID = 30101
const SRC_EID = 30110
const ONE = 10n ** 18n
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'
const TOKEN_POOL: Address = '0x0000000000000000000000000000000000005001'
const NATIVE_POOL: Address = '0x0000000000000000000000000000000000005002'
const UNKNOWN_POOL: Address = '0x0000000000000000000000000000000000005003'
const BLACKLIST_POOL: Address = '0x0000000000000000000000000000000000005004'
const COMPOSE_FROM: Hex = pad('0x00000000000000000000000000000000000e0717')
const e = parseEther

let anvil: AnvilInstance
let f: SwapFixture
let endpoint: Address
let composer: Address
let blacklistToken: Address
let snapshotId: Hex

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, port: await allocateTestPorts(1) })
  f = await deploySwapFixture({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID })
  endpoint = await deployEndpointV2(f.deployer, { eid: EID })
  blacklistToken = await deployBytecode(f.deployer, {
    abi: blacklistTokenAbi,
    bytecode: blacklistTokenBytecode,
  })
  ;({ composer } = await deployStargateComposer(f.deployer, {
    endpoint,
    aggregator: f.aggregator,
    pools: [
      { pool: TOKEN_POOL, token: f.tokens.tokenA },
      { pool: NATIVE_POOL, token: zeroAddress },
      { pool: BLACKLIST_POOL, token: blacklistToken },
    ],
  }))
  for (const pool of [TOKEN_POOL, NATIVE_POOL, UNKNOWN_POOL, BLACKLIST_POOL, RECEIVER]) {
    await f.deployer.impersonateAccount({ address: pool })
    await f.deployer.setBalance({ address: pool, value: e('10') })
  }
  snapshotId = await f.deployer.snapshot()
})

beforeEach(async () => {
  await f.deployer.revert({ id: snapshotId })
  snapshotId = await f.deployer.snapshot()
})

afterAll(async () => {
  await anvil?.stop()
})

/** Uniswap V2's getAmountOut with the 0.3 % fee. */

function order(overrides: Partial<DestinationSwap> = {}): DestinationSwap {
  return {
    receiver: RECEIVER,
    tokenOut: f.tokens.tokenB,
    minAmountOut: 0n,
    deadline: 2n ** 40n,
    steps: [v2Step(f.tokens.tokenA, f.tokens.tokenB)],
    ...overrides,
  }
}

const encodeOrder = (o: DestinationSwap) => encodeAbiParameters([destinationSwapParameter], [o])
const composeFor = (amountLD: bigint, o: DestinationSwap) =>
  composeMessage({ amountLD, srcEid: SRC_EID, composeFrom: COMPOSE_FROM, composeMsg: encodeOrder(o) })

async function send(hash: Promise<Hex>): Promise<TransactionReceipt> {
  const receipt = await waitForReceipt(f.deployer, { hash: await hash })
  expect(receipt.status).toBe('success')
  return receipt
}

/** What a Stargate pool does in lzReceive with a compose: pays the composer, then queues the compose. */
async function deliver(pool: Address, amountLD: bigint, message: Hex, guid: Hex) {
  if (pool === NATIVE_POOL) {
    await send(f.deployer.sendTransaction({ to: composer, value: amountLD }))
  } else if (pool === BLACKLIST_POOL) {
    await send(
      f.deployer.writeContract({
        address: blacklistToken,
        abi: blacklistTokenAbi,
        functionName: 'mint',
        args: [composer, amountLD],
      }),
    )
  } else {
    await send(
      f.deployer.writeContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'transfer',
        args: [composer, amountLD],
      }),
    )
  }
  await send(
    f.deployer.writeContract({
      account: pool,
      address: endpoint,
      abi: endpointV2Abi,
      functionName: 'sendCompose',
      args: [composer, guid, 0, message],
    }),
  )
}

/** The executor's delivery through the real endpoint (anyone may execute a queued compose). */
async function executeCompose(from: Address, guid: Hex, message: Hex, value = 0n) {
  const { request } = await f.attacker.simulateContract({
    address: endpoint,
    abi: endpointV2Abi,
    functionName: 'lzCompose',
    args: [from, composer, guid, 0, message, '0x'],
    value,
  })
  const gas = await f.attacker.estimateContractGas(request)
  const hash = await f.attacker.writeContract({ ...request, gas: (gas * 13n) / 10n })
  const receipt = await waitForReceipt(f.attacker, { hash })
  expect(receipt.status).toBe('success')
  return parseEventLogs({ abi: stargateComposerAbi, logs: receipt.logs })
}

function simulateCompose(from: Address, guid: Hex, message: Hex) {
  return f.attacker.simulateContract({
    address: endpoint,
    abi: [...endpointV2Abi, ...stargateComposerAbi],
    functionName: 'lzCompose',
    args: [from, composer, guid, 0, message, '0x'],
  })
}

async function balanceOf(token: Address, account: Address) {
  if (token === zeroAddress) return f.deployer.getBalance({ address: account })
  return f.deployer.readContract({
    address: token,
    abi: devTokenAbi,
    functionName: 'balanceOf',
    args: [account],
  })
}

async function expectNothingHeld() {
  for (const holder of [composer, f.aggregator]) {
    for (const token of [f.tokens.tokenA, f.tokens.tokenB, f.weth, zeroAddress]) {
      expect(await balanceOf(token, holder)).toBe(0n)
    }
  }
  const allowance = await f.deployer.readContract({
    address: f.tokens.tokenA,
    abi: devTokenAbi,
    functionName: 'allowance',
    args: [composer, f.aggregator],
  })
  expect(allowance).toBe(0n)
}

async function queued(from: Address, guid: Hex) {
  return f.deployer.readContract({
    address: endpoint,
    abi: endpointV2Abi,
    functionName: 'composeQueue',
    args: [from, composer, guid, 0],
  })
}

const guidOf = (n: number) => keccak256(toHex(`guid-${n}`))

describe('StargateComposer: delivery', () => {
  it('swaps the bridged token along the route and pays the receiver exactly what the Aggregator pays', async () => {
    const amountLD = e('10')
    const steps = [
      v2Step(f.tokens.tokenA, f.tokens.tokenB, FACTORY_UNISWAP_V2, ONE / 2n),
      v2Step(f.tokens.tokenA, f.tokens.tokenB, FACTORY_SUSHISWAP),
    ]
    const expected = v2Out(e('5'), e('1000'), e('1000')) + v2Out(e('5'), e('1000'), e('1100'))
    // The same route called on the Aggregator directly pays the same.
    await send(
      f.deployer.writeContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [f.aggregator, maxUint256],
      }),
    )
    const { result: direct } = await f.deployer.simulateContract({
      address: f.aggregator,
      abi: aggregatorAbi,
      functionName: 'swapExactInRoute',
      args: [
        {
          tokenIn: f.tokens.tokenA,
          tokenOut: f.tokens.tokenB,
          amountIn: amountLD,
          amountOut: 0n,
          receiver: RECEIVER,
          deadline: 2n ** 40n,
          feeRecipient: zeroAddress,
          feeBps: 0,
          integratorId: pad('0x0'),
        },
        steps,
      ],
    })
    expect(direct).toBe(expected)

    const guid = guidOf(1)
    const message = composeFor(amountLD, order({ steps, minAmountOut: expected }))
    await deliver(TOKEN_POOL, amountLD, message, guid)
    const events = await executeCompose(TOKEN_POOL, guid, message)

    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(expected)
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(0n)
    expect(events.map((x) => [x.eventName, x.args])).toEqual([
      [
        'ComposeSwapped',
        {
          guid,
          receiver: RECEIVER,
          tokenIn: f.tokens.tokenA,
          amountIn: amountLD,
          tokenOut: f.tokens.tokenB,
          amountOut: expected,
        },
      ],
    ])
    await expectNothingHeld()
  })

  it('swaps bridged native coins (StargatePoolNative) to a token', async () => {
    const amountLD = e('1')
    const guid = guidOf(2)
    const steps = [v2Step(f.weth, f.tokens.tokenA)]
    const message = composeFor(amountLD, order({ tokenOut: f.tokens.tokenA, steps }))
    await deliver(NATIVE_POOL, amountLD, message, guid)
    const events = await executeCompose(NATIVE_POOL, guid, message)
    const expected = v2Out(e('1'), e('500'), e('1000'))
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(expected)
    expect(events.map((x) => x.eventName)).toEqual(['ComposeSwapped'])
    await expectNothingHeld()
  })

  it('pays the bridged token as is when it is the requested token, and passes on the executor value', async () => {
    const amountLD = e('3')
    const guid = guidOf(3)
    const message = composeFor(amountLD, order({ tokenOut: f.tokens.tokenA, steps: [] }))
    await deliver(TOKEN_POOL, amountLD, message, guid)
    const ethBefore = await balanceOf(zeroAddress, RECEIVER)
    await executeCompose(TOKEN_POOL, guid, message, 1234n)
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(amountLD)
    expect((await balanceOf(zeroAddress, RECEIVER)) - ethBefore).toBe(1234n)
    await expectNothingHeld()
  })
})

describe('StargateComposer: fallback to the bridged asset', () => {
  it('pays the bridged token and emits ComposeFallback when the swap cannot meet min-out', async () => {
    const amountLD = e('10')
    const expected = v2Out(amountLD, e('1000'), e('1000'))
    const guid = guidOf(4)
    const message = composeFor(amountLD, order({ minAmountOut: expected + 1n }))
    await deliver(TOKEN_POOL, amountLD, message, guid)
    const events = await executeCompose(TOKEN_POOL, guid, message)
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(amountLD)
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(0n)
    expect(events.map((x) => [x.eventName, x.args])).toEqual([
      [
        'ComposeFallback',
        {
          guid,
          receiver: RECEIVER,
          token: f.tokens.tokenA,
          amount: amountLD,
          tokenOut: f.tokens.tokenB,
          reason: encodeErrorResult({
            abi: aggregatorAbi,
            errorName: 'InsufficientOutput',
            args: [expected, expected + 1n],
          }),
        },
      ],
    ])
    await expectNothingHeld()
  })

  it('pays the bridged token when the deadline has passed', async () => {
    const amountLD = e('10')
    const guid = guidOf(5)
    const message = composeFor(amountLD, order({ deadline: 1n }))
    await deliver(TOKEN_POOL, amountLD, message, guid)
    const events = await executeCompose(TOKEN_POOL, guid, message)
    const block = await f.deployer.getBlock()
    expect(await balanceOf(f.tokens.tokenA, RECEIVER)).toBe(amountLD)
    expect(events.map((x) => [x.eventName, x.args])).toEqual([
      [
        'ComposeFallback',
        {
          guid,
          receiver: RECEIVER,
          token: f.tokens.tokenA,
          amount: amountLD,
          tokenOut: f.tokens.tokenB,
          reason: encodeErrorResult({
            abi: aggregatorAbi,
            errorName: 'DeadlineExpired',
            args: [1n, block.timestamp],
          }),
        },
      ],
    ])
    await expectNothingHeld()
  })

  it('pays bridged native coins when the swap of them fails', async () => {
    const amountLD = e('1')
    const guid = guidOf(6)
    const steps = [v2Step(f.weth, f.tokens.tokenA)]
    const message = composeFor(amountLD, order({ tokenOut: f.tokens.tokenA, steps, minAmountOut: e('1000') }))
    await deliver(NATIVE_POOL, amountLD, message, guid)
    const before = await balanceOf(zeroAddress, RECEIVER)
    const events = await executeCompose(NATIVE_POOL, guid, message)
    expect((await balanceOf(zeroAddress, RECEIVER)) - before).toBe(amountLD)
    expect(events.map((x) => [x.eventName, x.args])).toEqual([
      [
        'ComposeFallback',
        {
          guid,
          receiver: RECEIVER,
          token: zeroAddress,
          amount: amountLD,
          tokenOut: f.tokens.tokenA,
          reason: encodeErrorResult({
            abi: aggregatorAbi,
            errorName: 'InsufficientOutput',
            args: [v2Out(amountLD, e('500'), e('1000')), e('1000')],
          }),
        },
      ],
    ])
    await expectNothingHeld()
  })
})

describe('StargateComposer: attacks', () => {
  it('refuses a forged compose called directly, not by the endpoint', async () => {
    const message = composeFor(e('10'), order({ receiver: f.attacker.account.address }))
    await send(
      f.deployer.writeContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'transfer',
        args: [composer, e('10')],
      }),
    )
    await expectRevert(
      f.attacker.simulateContract({
        address: composer,
        abi: stargateComposerAbi,
        functionName: 'lzCompose',
        args: [TOKEN_POOL, guidOf(7), message, f.attacker.account.address, '0x'],
      }),
      'UnauthorizedEndpoint',
      [f.attacker.account.address],
    )
  })

  it('refuses a compose delivered by another EndpointV2, even for an allowlisted pool address', async () => {
    const fake = await deployEndpointV2(f.attacker, { eid: EID })
    const guid = guidOf(8)
    const message = composeFor(e('10'), order({ receiver: f.attacker.account.address }))
    await send(
      f.deployer.writeContract({
        account: TOKEN_POOL,
        address: fake,
        abi: endpointV2Abi,
        functionName: 'sendCompose',
        args: [composer, guid, 0, message],
      }),
    )
    await expectRevert(
      f.attacker.simulateContract({
        address: fake,
        abi: [...endpointV2Abi, ...stargateComposerAbi],
        functionName: 'lzCompose',
        args: [TOKEN_POOL, composer, guid, 0, message, '0x'],
      }),
      'UnauthorizedEndpoint',
      [fake],
    )
  })

  it('refuses a compose the attacker queued himself, and one no pool queued', async () => {
    const guid = guidOf(9)
    const message = composeFor(e('10'), order({ receiver: f.attacker.account.address }))
    await send(
      f.attacker.writeContract({
        address: endpoint,
        abi: endpointV2Abi,
        functionName: 'sendCompose',
        args: [composer, guid, 0, message],
      }),
    )
    await expectRevert(simulateCompose(f.attacker.account.address, guid, message), 'UnknownPool', [
      f.attacker.account.address,
    ])
    await expectRevert(simulateCompose(TOKEN_POOL, guid, message), 'LZ_ComposeNotFound', [
      pad('0x0'),
      keccak256(message),
    ])
  })

  it('refuses a message from a pool that is not allowlisted', async () => {
    const amountLD = e('10')
    const guid = guidOf(10)
    const message = composeFor(amountLD, order())
    await deliver(UNKNOWN_POOL, amountLD, message, guid)
    await expectRevert(simulateCompose(UNKNOWN_POOL, guid, message), 'UnknownPool', [UNKNOWN_POOL])
    expect(await queued(UNKNOWN_POOL, guid)).toBe(keccak256(message))
  })

  it('delivers a compose once: the real endpoint refuses a replay and a second queueing', async () => {
    const amountLD = e('10')
    const guid = guidOf(11)
    const message = composeFor(amountLD, order())
    await deliver(TOKEN_POOL, amountLD, message, guid)
    await executeCompose(TOKEN_POOL, guid, message)
    const paid = await balanceOf(f.tokens.tokenB, RECEIVER)
    expect(paid).toBe(v2Out(amountLD, e('1000'), e('1000')))
    expect(await queued(TOKEN_POOL, guid)).toBe(pad('0x1'))
    await expectRevert(simulateCompose(TOKEN_POOL, guid, message), 'LZ_ComposeNotFound', [
      pad('0x1'),
      keccak256(message),
    ])
    await expectRevert(
      f.deployer.simulateContract({
        account: TOKEN_POOL,
        address: endpoint,
        abi: endpointV2Abi,
        functionName: 'sendCompose',
        args: [composer, guid, 0, message],
      }),
      'LZ_ComposeExists',
    )
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(paid)
  })

  it('refuses a destination that would leave the output for anyone to take; the compose stays queued', async () => {
    const amountLD = e('10')
    for (const [i, receiver] of [composer, f.aggregator, f.tokens.tokenA, endpoint, zeroAddress].entries()) {
      const guid = guidOf(20 + i)
      const message = composeFor(amountLD, order({ receiver }))
      await deliver(TOKEN_POOL, amountLD, message, guid)
      await expectRevert(simulateCompose(TOKEN_POOL, guid, message), 'InvalidReceiver', [receiver])
      expect(await queued(TOKEN_POOL, guid)).toBe(keccak256(message))
    }
  })

  it("spends only its own message's amount: another delivery waiting here is not taken", async () => {
    const victimAmount = e('50')
    const victimGuid = guidOf(30)
    const victimMessage = composeFor(victimAmount, order())
    await deliver(TOKEN_POOL, victimAmount, victimMessage, victimGuid)

    const attackerAmount = e('1')
    const attackerGuid = guidOf(31)
    const attacker = f.attacker.account.address
    const attackerMessage = composeFor(
      attackerAmount,
      order({ receiver: attacker, minAmountOut: maxUint256 }),
    )
    await deliver(TOKEN_POOL, attackerAmount, attackerMessage, attackerGuid)
    await executeCompose(TOKEN_POOL, attackerGuid, attackerMessage)
    expect(await balanceOf(f.tokens.tokenA, attacker)).toBe(attackerAmount)
    expect(await balanceOf(f.tokens.tokenA, composer)).toBe(victimAmount)

    await executeCompose(TOKEN_POOL, victimGuid, victimMessage)
    expect(await balanceOf(f.tokens.tokenB, RECEIVER)).toBe(v2Out(victimAmount, e('1000'), e('1000')))
    await expectNothingHeld()
  })
})

describe('StargateComposer: a receiver that cannot take the payout', () => {
  const OTHER: Address = '0x000000000000000000000000000000000000cafE'

  async function deployWallet(acceptsNative: boolean) {
    return deployBytecode(f.deployer, {
      abi: testWalletAbi,
      bytecode: testWalletBytecode,
      args: [f.user.account.address, acceptsNative],
    })
  }

  const owed = (receiver: Address, token: Address) =>
    f.deployer.readContract({
      address: composer,
      abi: stargateComposerAbi,
      functionName: 'owed',
      args: [receiver, token],
    })

  const claimData = (token: Address, to: Address) =>
    encodeFunctionData({ abi: stargateComposerAbi, functionName: 'claim', args: [token, to] })

  it('credits bridged native coins a contract refuses, and the contract claims them to another address', async () => {
    const wallet = await deployWallet(false)
    const amountLD = e('2')
    const guid = guidOf(40)
    const message = composeFor(amountLD, order({ receiver: wallet, tokenOut: zeroAddress, steps: [] }))
    await deliver(NATIVE_POOL, amountLD, message, guid)
    const events = await executeCompose(NATIVE_POOL, guid, message, 1234n)
    expect(events.map((x) => [x.eventName, x.args])).toEqual([
      ['PayoutDeferred', { guid, receiver: wallet, token: zeroAddress, amount: amountLD }],
      [
        'ComposeSwapped',
        {
          guid,
          receiver: wallet,
          tokenIn: zeroAddress,
          amountIn: amountLD,
          tokenOut: zeroAddress,
          amountOut: amountLD,
        },
      ],
      ['PayoutDeferred', { guid, receiver: wallet, token: zeroAddress, amount: 1234n }],
    ])
    expect(await queued(NATIVE_POOL, guid)).toBe(pad('0x1'))
    expect(await owed(wallet, zeroAddress)).toBe(amountLD + 1234n)
    expect(await balanceOf(zeroAddress, composer)).toBe(amountLD + 1234n)

    await send(
      f.user.writeContract({
        address: wallet,
        abi: testWalletAbi,
        functionName: 'execute',
        args: [composer, 0n, claimData(zeroAddress, OTHER)],
      }),
    )
    expect(await balanceOf(zeroAddress, OTHER)).toBe(amountLD + 1234n)
    expect(await owed(wallet, zeroAddress)).toBe(0n)
    await expectNothingHeld()
    await expectRevert(
      f.user.simulateContract({
        address: wallet,
        abi: [...testWalletAbi, ...stargateComposerAbi],
        functionName: 'execute',
        args: [composer, 0n, claimData(zeroAddress, OTHER)],
      }),
      'NothingOwed',
      [wallet, zeroAddress],
    )
  })

  it('credits a bridged token the token refuses to pay a blacklisted receiver (fallback too), claimed once', async () => {
    await send(
      f.deployer.writeContract({
        address: blacklistToken,
        abi: blacklistTokenAbi,
        functionName: 'blacklist',
        args: [RECEIVER],
      }),
    )
    const same = composeFor(e('3'), order({ tokenOut: blacklistToken, steps: [] }))
    await deliver(BLACKLIST_POOL, e('3'), same, guidOf(41))
    expect((await executeCompose(BLACKLIST_POOL, guidOf(41), same)).map((x) => x.eventName)).toEqual([
      'PayoutDeferred',
      'ComposeSwapped',
    ])
    // an expired swap falls back to the bridged asset, which the token refuses too
    const expired = composeFor(e('5'), order({ deadline: 1n }))
    await deliver(BLACKLIST_POOL, e('5'), expired, guidOf(42))
    const events = await executeCompose(BLACKLIST_POOL, guidOf(42), expired)
    expect(events.map((x) => x.eventName)).toEqual(['PayoutDeferred', 'ComposeFallback'])
    expect(events[0]?.args).toEqual({
      guid: guidOf(42),
      receiver: RECEIVER,
      token: blacklistToken,
      amount: e('5'),
    })
    expect(await owed(RECEIVER, blacklistToken)).toBe(e('8'))

    // nobody else can take it: there is no owner, and the attacker is owed nothing
    await expectRevert(
      f.attacker.simulateContract({
        address: composer,
        abi: stargateComposerAbi,
        functionName: 'claim',
        args: [blacklistToken, f.attacker.account.address],
      }),
      'NothingOwed',
      [f.attacker.account.address, blacklistToken],
    )
    for (const to of [zeroAddress, composer]) {
      await expectRevert(
        f.deployer.simulateContract({
          account: RECEIVER,
          address: composer,
          abi: stargateComposerAbi,
          functionName: 'claim',
          args: [blacklistToken, to],
        }),
        'InvalidClaimRecipient',
        [to],
      )
    }
    const receipt = await send(
      f.deployer.writeContract({
        account: RECEIVER,
        address: composer,
        abi: stargateComposerAbi,
        functionName: 'claim',
        args: [blacklistToken, OTHER],
      }),
    )
    expect(
      parseEventLogs({ abi: stargateComposerAbi, logs: receipt.logs }).map((x) => [x.eventName, x.args]),
    ).toEqual([['Claimed', { receiver: RECEIVER, token: blacklistToken, to: OTHER, amount: e('8') }]])
    expect(await balanceOf(blacklistToken, OTHER)).toBe(e('8'))
    expect(await balanceOf(blacklistToken, composer)).toBe(0n)
    expect(await owed(RECEIVER, blacklistToken)).toBe(0n)
  })
})
