import { type Address, parseEther, parseEventLogs, zeroAddress } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { aggregatorAbi, devTokenAbi, liquidityEntryAbi, liquidityRouterAbi } from '../artifacts/index'
import { deployLiquidityNetworkContracts } from '../deploy/deployLiquidityNetworkContracts'
import { sendContractCall } from '../deploy/sendContractTx'
import type { SwapFixture } from './deploySwapFixture'
import { expectRevert } from './expectRevert'
import { setupEntryFixture } from './setupEntryFixture'
import { type Step, v2Out, v2Step } from './v2Step'

type SwapDeposit = {
  tokenIn: Address
  amountIn: bigint
  minNativeOut: bigint
  deadline: bigint
  vault: Address
  memo: string
  expiration: bigint
  refundAddress: Address
}

const VAULT: Address = '0x0000000000000000000000000000000000005A17'
const MEMO = '=:b:bcrt1qxyzxyzxyzxyzxyzxyzxyzxyzxyzxyzq0l2k7:1000'
const REFUND: Address = '0x00000000000000000000000000000000000abcd1'
/** MEMO as deposited: the refund address (lowercase) after the destination. */
const memoRefundingTo = (refund: Address) =>
  `=:b:bcrt1qxyzxyzxyzxyzxyzxyzxyzxyzxyzxyzq0l2k7/${refund.toLowerCase()}:1000`
const e = parseEther

let f: SwapFixture
let router: Address
let entry: Address

const fixture = setupEntryFixture({
  async deploy({ deployer, aggregator }) {
    const { liquidityRouter, liquidityEntry } = await deployLiquidityNetworkContracts(deployer, {
      aggregator,
    })
    return { entry: liquidityEntry, router: liquidityRouter }
  },
  approvedTokens: ['tokenA'],
})

beforeAll(() => {
  ;({
    f,
    deployed: { entry, router },
  } = fixture.get())
})

const abi = [...liquidityEntryAbi, ...liquidityRouterAbi, ...aggregatorAbi]
async function deposit(overrides: Partial<SwapDeposit>): Promise<SwapDeposit> {
  const now = (await f.user.getBlock()).timestamp
  return {
    tokenIn: f.tokens.tokenA,
    amountIn: e('10'),
    minNativeOut: 0n,
    deadline: now + 600n,
    vault: VAULT,
    memo: MEMO,
    expiration: now + 900n,
    refundAddress: zeroAddress,
    ...overrides,
  }
}
const toNative: Step[] = []

function simulate(d: SwapDeposit, steps: Step[], value: bigint) {
  return f.user.simulateContract({
    address: entry,
    abi,
    functionName: 'swapAndDeposit',
    args: [d, steps],
    value,
  })
}

async function send(d: SwapDeposit, steps: Step[], value: bigint) {
  const { request } = await simulate(d, steps, value)
  const receipt = await sendContractCall(f.user, request)
  expect(receipt.status).toBe('success')
  return parseEventLogs({ abi, logs: receipt.logs })
}

const tokenAToWeth = (): Step[] => [v2Step(f.tokens.tokenA, f.weth)]

describe('LiquidityEntry.swapAndDeposit', () => {
  it('swaps a token to native and deposits all of it to the vault through the router with the memo', async () => {
    // the fixture's Uniswap V2 pool holds 1,000 TKA against 500 WETH
    const expected = v2Out(e('10'), e('1000'), e('500'))
    expect(expected).toBe(4_935_790_171_985_306_494n)
    const before = await f.user.getBalance({ address: VAULT })
    const d = await deposit({ minNativeOut: expected })
    const logs = await send(d, tokenAToWeth(), 0n)
    expect(logs.filter((l) => l.eventName === 'Deposit').map((l) => l.args)).toEqual([
      { to: VAULT, asset: zeroAddress, amount: expected, memo: memoRefundingTo(f.user.account.address) },
    ])
    expect(logs.filter((l) => l.eventName === 'SwapDeposited').map((l) => l.args)).toEqual([
      {
        sender: f.user.account.address,
        vault: VAULT,
        tokenIn: f.tokens.tokenA,
        amountIn: e('10'),
        nativeAmount: expected,
        memo: memoRefundingTo(f.user.account.address),
      },
    ])
    expect((await f.user.getBalance({ address: VAULT })) - before).toBe(expected)
    // nothing stays with the entry or the router
    expect(await f.user.getBalance({ address: entry })).toBe(0n)
    expect(await f.user.getBalance({ address: router })).toBe(0n)
    const held = await f.user.readContract({
      address: f.tokens.tokenA,
      abi: devTokenAbi,
      functionName: 'balanceOf',
      args: [entry],
    })
    expect(held).toBe(0n)
  })

  it('deposits native input as it is', async () => {
    const before = await f.user.getBalance({ address: VAULT })
    const logs = await send(await deposit({ tokenIn: zeroAddress, amountIn: e('1') }), toNative, e('1'))
    expect(logs.filter((l) => l.eventName === 'Deposit').map((l) => l.args)).toEqual([
      { to: VAULT, asset: zeroAddress, amount: e('1'), memo: memoRefundingTo(f.user.account.address) },
    ])
    expect((await f.user.getBalance({ address: VAULT })) - before).toBe(e('1'))
  })

  it('puts the refund address into the memo after the destination: the one given, else the caller', async () => {
    const cases: [string, string][] = [
      [MEMO, memoRefundingTo(REFUND)],
      ['=:b:bcrt1qdest', `=:b:bcrt1qdest/${REFUND.toLowerCase()}`],
      ['=:b:bcrt1qdest:', `=:b:bcrt1qdest/${REFUND.toLowerCase()}:`],
      ['=:b:bcrt1qdest:1/3/0:tr:50', `=:b:bcrt1qdest/${REFUND.toLowerCase()}:1/3/0:tr:50`],
    ]
    for (const [memo, deposited] of cases) {
      const d = await deposit({ tokenIn: zeroAddress, amountIn: e('1'), memo, refundAddress: REFUND })
      const logs = await send(d, toNative, e('1'))
      expect(logs.filter((l) => l.eventName === 'Deposit').map((l) => l.args.memo)).toEqual([deposited])
    }
  })

  it('refuses a memo without a destination or with a refund address of its own', async () => {
    for (const memo of ['=:b', '', `=:b:bcrt1qdest/${REFUND}:1000`]) {
      await expectRevert(
        simulate(await deposit({ tokenIn: zeroAddress, amountIn: e('1'), memo }), toNative, e('1')),
        'InvalidMemo',
      )
    }
  })

  it('refuses a short swap, stale deadlines and expirations, wrong value and routes for native input', async () => {
    const expected = v2Out(e('10'), e('1000'), e('500'))
    await expectRevert(
      simulate(await deposit({ minNativeOut: expected + 1n }), tokenAToWeth(), 0n),
      'InsufficientOutput',
      [expected, expected + 1n],
    )
    await expectRevert(simulate(await deposit({ deadline: 1n }), tokenAToWeth(), 0n), 'DeadlineExpired')
    await expectRevert(simulate(await deposit({ expiration: 1n }), tokenAToWeth(), 0n), 'Expired')
    await expectRevert(simulate(await deposit({}), tokenAToWeth(), 1n), 'InvalidMsgValue', [1n, 0n])
    await expectRevert(
      simulate(await deposit({ tokenIn: zeroAddress, amountIn: e('1') }), toNative, e('2')),
      'InvalidMsgValue',
      [e('2'), e('1')],
    )
    await expectRevert(
      simulate(await deposit({ tokenIn: zeroAddress, amountIn: e('1') }), tokenAToWeth(), e('1')),
      'InvalidRoute',
    )
    await expectRevert(simulate(await deposit({ amountIn: 0n }), tokenAToWeth(), 0n), 'ZeroAmount')
  })
})
