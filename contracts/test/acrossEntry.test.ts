import {
  type Address,
  getAddress,
  type Hex,
  pad,
  parseEther,
  parseEventLogs,
  sliceHex,
  zeroAddress,
  zeroHash,
} from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildRefundTree } from '../../devnet/across/buildRefundTree'
import { acrossSpokePoolAbi as spokeAbi } from '../../server/providers/across/acrossSpokePoolAbi'
import { acrossEntryAbi, aggregatorAbi } from '../artifacts/index'
import { deployAcrossEntry } from '../deploy/deployAcrossEntry'
import { deployAcrossSpokePool } from '../deploy/deployAcrossSpokePool'
import { sendContractTx } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'
import type { SwapFixture } from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { FIXTURE_CHAIN_ID, setupEntryFixture } from './setupEntryFixture'
import { type Step, v2Out, v2Step } from './v2Step'

type AcrossSwap = {
  tokenIn: Address
  amountIn: bigint
  deadline: bigint
  inputToken: Address
  inputAmount: bigint
  outputToken: Address
  outputAmount: bigint
  destinationChainId: bigint
  recipient: Address
  quoteTimestamp: number
  fillDeadline: number
  message: Hex
  feeRecipient: Address
  feeBps: number
  integratorId: Hex
}

const DESTINATION_CHAIN_ID = 10n
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'
const FEE_RECIPIENT: Address = '0x000000000000000000000000000000000000FEE1'
const TAG: Hex = `0x${'ab'.repeat(32)}`
const e = parseEther

let f: SwapFixture
let spokePool: Address
let entry: Address

const fixture = setupEntryFixture({
  async deploy({ deployer, weth, aggregator }) {
    const { spokePool } = await deployAcrossSpokePool(deployer, {
      wrappedNative: weth,
      withdrawalRecipient: deployer.account.address,
    })
    const { entry } = await deployAcrossEntry(deployer, { spokePool, aggregator })
    return { entry, spokePool }
  },
  approvedTokens: ['tokenA', 'tokenB'],
})
const { balanceOf } = fixture

beforeAll(() => {
  ;({
    f,
    deployed: { entry, spokePool },
  } = fixture.get())
})

/** The Aggregator's errors, so a swap's revert inside the entry decodes by name. */
const aggregatorErrors = aggregatorAbi.filter((item) => item.type === 'error')
async function expectNothingHeld() {
  for (const token of [f.tokens.tokenA, f.tokens.tokenB, f.weth, zeroAddress]) {
    expect(await balanceOf(token, entry)).toBe(0n)
  }
}

async function now() {
  return Number((await f.deployer.getBlock()).timestamp)
}

async function swap(overrides: Partial<AcrossSwap>): Promise<AcrossSwap> {
  const at = await now()
  return {
    tokenIn: f.tokens.tokenB,
    amountIn: e('10'),
    deadline: 2n ** 40n,
    inputToken: f.tokens.tokenA,
    inputAmount: e('9'),
    outputToken: f.tokens.tokenA,
    outputAmount: e('8'),
    destinationChainId: DESTINATION_CHAIN_ID,
    recipient: RECEIVER,
    quoteTimestamp: at - 60,
    fillDeadline: at + 1_800,
    message: '0x',
    feeRecipient: zeroAddress,
    feeBps: 0,
    integratorId: zeroHash,
    ...overrides,
  }
}

/** The trade's ends on the destination as the event names them (the entry only reports them). */
const destination = { receiver: RECEIVER, tokenOut: '0x00000000000000000000000000000000000000A1' as Address }

/** Sends `swapAndDeposit` from the user; returns the SpokePool's and the entry's events and the gas paid. */
async function swapAndDeposit(s: AcrossSwap, steps: Step[], value = 0n) {
  const { request } = await f.user.simulateContract({
    address: entry,
    abi: [...acrossEntryAbi, ...aggregatorErrors],
    functionName: 'swapAndDeposit',
    args: [s, steps, destination],
    value,
  })
  const gas = await f.user.estimateContractGas(request)
  const hash = await f.user.writeContract({ ...request, gas: (gas * 13n) / 10n })
  const receipt = await waitForReceipt(f.user, { hash })
  expect(receipt.status).toBe('success')
  const logs = parseEventLogs({ abi: [...spokeAbi, ...acrossEntryAbi], logs: receipt.logs })
  const deposited = logs.find((x) => x.eventName === 'FundsDeposited')
  const sent = logs.find((x) => x.eventName === 'AcrossSwapDeposited')
  const attributed = logs.find((x) => x.eventName === 'AcrossSwapAttributed')
  if (
    deposited?.eventName !== 'FundsDeposited' ||
    sent?.eventName !== 'AcrossSwapDeposited' ||
    attributed?.eventName !== 'AcrossSwapAttributed'
  )
    throw new Error('events missing')
  return {
    deposited: deposited.args,
    sent: sent.args,
    attributed: attributed.args,
    gasPaid: receipt.gasUsed * receipt.effectiveGasPrice,
  }
}

describe('AcrossEntry.swapAndDeposit', () => {
  it('swaps to the input token, pays the fee, deposits exactly inputAmount for the user and returns the surplus', async () => {
    const swapped = v2Out(e('10'), e('1000'), e('1000'))
    const inputAmount = e('9')
    const fee = (inputAmount * 250n) / 10_000n
    const userA = await balanceOf(f.tokens.tokenA, f.user.account.address)
    const userB = await balanceOf(f.tokens.tokenB, f.user.account.address)
    const poolA = await balanceOf(f.tokens.tokenA, spokePool)
    const s = await swap({ feeBps: 250, feeRecipient: FEE_RECIPIENT, integratorId: TAG })
    const { deposited, sent, attributed } = await swapAndDeposit(s, [
      v2Step(f.tokens.tokenB, f.tokens.tokenA),
    ])
    expect(await balanceOf(f.tokens.tokenA, spokePool)).toBe(poolA + inputAmount)
    expect(await balanceOf(f.tokens.tokenA, FEE_RECIPIENT)).toBe(fee)
    expect(await balanceOf(f.tokens.tokenA, f.user.account.address)).toBe(userA + swapped - inputAmount - fee)
    expect(await balanceOf(f.tokens.tokenB, f.user.account.address)).toBe(userB - e('10'))
    expect(deposited).toMatchObject({
      depositor: pad(f.user.account.address.toLowerCase() as Hex),
      recipient: pad(RECEIVER.toLowerCase() as Hex),
      inputAmount,
      outputAmount: e('8'),
      destinationChainId: DESTINATION_CHAIN_ID,
      depositId: 0n,
    })
    expect(sent).toEqual({
      sender: f.user.account.address,
      depositId: 0n,
      destinationChainId: DESTINATION_CHAIN_ID,
      receiver: RECEIVER,
      tokenIn: f.tokens.tokenB,
      amountIn: e('10'),
      inputToken: f.tokens.tokenA,
      inputAmount,
      outputAmount: e('8'),
      tokenOut: destination.tokenOut,
      surplus: swapped - inputAmount - fee,
    })
    expect(attributed).toEqual({
      depositId: 0n,
      integratorId: TAG,
      feeRecipient: FEE_RECIPIENT,
      feeAmount: fee,
    })
    await expectNothingHeld()
  })

  it('names the next deposit id of the SpokePool on a second deposit', async () => {
    await swapAndDeposit(await swap({}), [v2Step(f.tokens.tokenB, f.tokens.tokenA)])
    const { deposited, sent } = await swapAndDeposit(await swap({}), [
      v2Step(f.tokens.tokenB, f.tokens.tokenA),
    ])
    expect([deposited.depositId, sent.depositId]).toEqual([1n, 1n])
  })

  it('deposits the input token itself without a swap, returning what exceeds deposit and fee', async () => {
    const userA = await balanceOf(f.tokens.tokenA, f.user.account.address)
    const s = await swap({
      tokenIn: f.tokens.tokenA,
      amountIn: e('10'),
      inputAmount: e('9'),
      feeBps: 1000,
      feeRecipient: FEE_RECIPIENT,
    })
    const { sent } = await swapAndDeposit(s, [])
    expect(await balanceOf(f.tokens.tokenA, FEE_RECIPIENT)).toBe(e('0.9'))
    expect(await balanceOf(f.tokens.tokenA, f.user.account.address)).toBe(userA - e('9') - e('0.9'))
    expect(sent.surplus).toBe(e('0.1'))
    await expectNothingHeld()
  })

  it('deposits native as the wrapped native, fee and surplus paid in native', async () => {
    const before = await balanceOf(zeroAddress, f.user.account.address)
    const poolWeth = await balanceOf(f.weth, spokePool)
    const s = await swap({
      tokenIn: zeroAddress,
      amountIn: e('1'),
      inputToken: f.weth,
      inputAmount: e('0.9'),
      outputToken: f.weth,
      outputAmount: e('0.89'),
      feeBps: 100,
      feeRecipient: FEE_RECIPIENT,
    })
    const { deposited, sent, gasPaid } = await swapAndDeposit(s, [], e('1'))
    expect(await balanceOf(f.weth, spokePool)).toBe(poolWeth + e('0.9'))
    expect(await balanceOf(zeroAddress, FEE_RECIPIENT)).toBe(e('0.009'))
    expect(await balanceOf(zeroAddress, f.user.account.address)).toBe(before - gasPaid - e('0.909'))
    expect(deposited.inputToken).toBe(pad(f.weth.toLowerCase() as Hex))
    expect(sent.surplus).toBe(e('0.091'))
    await expectNothingHeld()
  })

  it('swaps native to a token before the deposit', async () => {
    const swapped = v2Out(e('1'), e('500'), e('1000'))
    const s = await swap({
      tokenIn: zeroAddress,
      amountIn: e('1'),
      inputAmount: e('1.5'),
      outputAmount: e('1.4'),
    })
    const { sent } = await swapAndDeposit(s, [v2Step(f.weth, f.tokens.tokenA)], e('1'))
    expect(sent.surplus).toBe(swapped - e('1.5'))
    await expectNothingHeld()
  })

  it('refuses a swap that does not cover deposit and fee (the Aggregator min-out), and a short direct input', async () => {
    const swapped = v2Out(e('10'), e('1000'), e('1000'))
    const s = await swap({ inputAmount: swapped, feeBps: 1, feeRecipient: FEE_RECIPIENT })
    await expectRevert(swapAndDeposit(s, [v2Step(f.tokens.tokenB, f.tokens.tokenA)]), 'InsufficientOutput', [
      swapped,
      swapped + swapped / 10_000n,
    ])
    const direct = await swap({ tokenIn: f.tokens.tokenA, amountIn: e('1'), inputAmount: e('1'), feeBps: 1 })
    await expectRevert(swapAndDeposit(direct, []), 'InsufficientInput', [e('1'), e('1') + e('1') / 10_000n])
  })

  it('caps the integrator fee at 1000 bps and refuses a fee without recipient', async () => {
    await expectRevert(
      swapAndDeposit(await swap({ feeBps: 1001, feeRecipient: FEE_RECIPIENT }), [
        v2Step(f.tokens.tokenB, f.tokens.tokenA),
      ]),
      'FeeTooHigh',
      [1001],
    )
    await expectRevert(
      swapAndDeposit(await swap({ feeBps: 10 }), [v2Step(f.tokens.tokenB, f.tokens.tokenA)]),
      'InvalidReceiver',
      [zeroAddress],
    )
  })

  it('names the user as depositor, so the expiry refund of an unfilled deposit pays the user, not the entry', async () => {
    const { deposited } = await swapAndDeposit(await swap({}), [v2Step(f.tokens.tokenB, f.tokens.tokenA)])
    const depositor = getAddress(sliceHex(deposited.depositor, 12))
    const leaf = {
      amountToReturn: 0n,
      chainId: BigInt(FIXTURE_CHAIN_ID),
      refundAmounts: [deposited.inputAmount],
      leafId: 0,
      l2TokenAddress: f.tokens.tokenA,
      refundAddresses: [depositor],
    }
    const tree = buildRefundTree([leaf])
    await sendContractTx(f.deployer, {
      address: spokePool,
      abi: spokeAbi,
      functionName: 'relayRootBundle',
      args: [tree.root, zeroHash],
    })
    const before = await balanceOf(f.tokens.tokenA, f.user.account.address)
    await sendContractTx(f.deployer, {
      address: spokePool,
      abi: spokeAbi,
      functionName: 'executeRelayerRefundLeaf',
      args: [0, leaf, tree.proofs[0] ?? []],
    })
    expect(depositor).toBe(f.user.account.address)
    expect(await balanceOf(f.tokens.tokenA, f.user.account.address)).toBe(before + e('9'))
    await expectNothingHeld()
  })

  it('refuses a wrong msg.value, steps for the input token itself and an expired deadline', async () => {
    await expectRevert(
      swapAndDeposit(await swap({}), [v2Step(f.tokens.tokenB, f.tokens.tokenA)], 1n),
      'InvalidMsgValue',
      [1n, 0n],
    )
    await expectRevert(
      swapAndDeposit(await swap({ tokenIn: f.tokens.tokenA }), [v2Step(f.tokens.tokenA, f.tokens.tokenB)]),
      'InvalidRoute',
    )
    await expectRevert(swapAndDeposit(await swap({ deadline: 1n }), []), 'DeadlineExpired')
  })
})
