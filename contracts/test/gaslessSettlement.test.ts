import { type Address, erc20Abi, type Hex, maxUint256, parseEther, parseSignature } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { buildGaslessTypedData } from '../../server/gasless/buildGaslessTypedData'
import { type GaslessOrder, hashRoute, type RouteStep } from '../../server/gasless/gaslessOrderTypes'
import { permit2Abi } from '../../server/gasless/permit2Abi'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { aggregatorAbi, devTokenAbi, gaslessSettlementAbi } from '../artifacts/index'
import { deployGaslessSettlement } from '../deploy/deployGaslessSettlement'
import { createDevClient, type DevClient } from '../deploy/devClient'
import { sendContractCall } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'
import { PERMIT2_ADDRESS } from '../thirdParty'
import {
  deploySwapFixture,
  FACTORY_SUSHISWAP,
  FACTORY_UNISWAP_V2,
  type SwapFixture,
} from './deploySwapFixture'
import { expectRevert } from './expectRevert'

// Not anvil's default 31337: the etched Permit2 runtime caches a domain separator for chain 31337 and
// another address, so signatures on 31337 never verify (on every other chain it recomputes it).
const CHAIN_ID = 8453
const ONE = 10n ** 18n
const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'
const e = parseEther

let anvil: AnvilInstance
let f: SwapFixture
let relayer: DevClient
let settlement: Address
let snapshotId: Hex

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, port: await allocateTestPorts(1) })
  f = await deploySwapFixture({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID })
  relayer = createDevClient({
    rpcUrl: anvil.rpcUrl,
    chainId: CHAIN_ID,
    account: mnemonicToAccount('test test test test test test test test test test test junk', {
      addressIndex: 3,
    }),
  })
  ;({ settlement } = await deployGaslessSettlement(f.deployer, {
    aggregator: f.aggregator,
    permit2: PERMIT2_ADDRESS,
    owner: f.deployer.account.address,
    relayers: [relayer.account.address],
  }))
  await waitForReceipt(f.user, {
    hash: await f.user.writeContract({
      address: f.tokens.tokenA,
      abi: devTokenAbi,
      functionName: 'approve',
      args: [PERMIT2_ADDRESS, maxUint256],
    }),
  })
  snapshotId = await f.deployer.snapshot()
})

beforeEach(async () => {
  await f.deployer.revert({ id: snapshotId })
  snapshotId = await f.deployer.snapshot()
})

afterAll(async () => {
  await anvil?.stop()
})

const abi = [...gaslessSettlementAbi, ...aggregatorAbi, ...permit2Abi]

function route(): RouteStep[] {
  return [
    {
      kind: 0,
      factoryId: FACTORY_UNISWAP_V2,
      tokenIn: f.tokens.tokenA,
      tokenOut: f.tokens.tokenB,
      fee: 0,
      share: ONE,
    },
  ]
}

async function makeOrder(overrides: Partial<GaslessOrder> = {}): Promise<GaslessOrder> {
  const block = await f.user.getBlock()
  return {
    user: f.user.account.address,
    receiver: RECEIVER,
    srcToken: f.tokens.tokenA,
    dstToken: f.tokens.tokenB,
    amountIn: e('10'),
    fee: e('0.1'),
    amountOutMin: e('9'),
    deadline: block.timestamp + 600n,
    tradeHash: hashRoute(route()),
    ...overrides,
  }
}

function sign(order: GaslessOrder, nonce: bigint, chainId = CHAIN_ID) {
  return f.user.signTypedData({
    ...buildGaslessTypedData({ chainId, permit2: PERMIT2_ADDRESS, settlement, order, nonce }),
  })
}

function execute(
  order: GaslessOrder,
  nonce: bigint,
  signature: Hex,
  {
    steps = route(),
    fee = order.fee,
    client = relayer,
  }: { steps?: RouteStep[]; fee?: bigint; client?: DevClient } = {},
) {
  return client.simulateContract({
    address: settlement,
    abi,
    functionName: 'execute',
    args: [order, nonce, signature, steps, fee],
  })
}

async function send(order: GaslessOrder, nonce: bigint, signature: Hex) {
  const { request } = await execute(order, nonce, signature)
  const receipt = await sendContractCall(relayer, request)
  expect(receipt.status).toBe('success')
  return receipt
}

const balance = (token: Address, account: Address) =>
  f.user.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [account] })

describe('GaslessSettlement.execute', () => {
  it('pulls the signed amount with Permit2, pays the relayer the fee and the receiver the swap, user pays no gas', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 7n)
    const userNative = await f.user.getBalance({ address: f.user.account.address })
    const userA = await balance(f.tokens.tokenA, f.user.account.address)
    const { result: quoted } = await execute(order, 7n, signature)
    await send(order, 7n, signature)
    // 9.9 TKA through the 1000/1000 V2 pair at 0.3 %
    const expected = (e('9.9') * 997n * e('1000')) / (e('1000') * 1000n + e('9.9') * 997n)
    expect(quoted).toBe(expected)
    expect(await balance(f.tokens.tokenB, RECEIVER)).toBe(expected)
    expect(await balance(f.tokens.tokenA, relayer.account.address)).toBe(e('0.1'))
    expect(await balance(f.tokens.tokenA, f.user.account.address)).toBe(userA - e('10'))
    expect(await f.user.getBalance({ address: f.user.account.address })).toBe(userNative)
    expect(await balance(f.tokens.tokenA, settlement)).toBe(0n)
  })

  it('takes less than the signed fee when the relayer asks for less', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 8n)
    const { request } = await execute(order, 8n, signature, { fee: e('0.04') })
    const receipt = await sendContractCall(relayer, request)
    expect(receipt.status).toBe('success')
    expect(await balance(f.tokens.tokenA, relayer.account.address)).toBe(e('0.04'))
  })

  it('rejects a replay of an executed order', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 1n)
    await send(order, 1n, signature)
    await expectRevert(execute(order, 1n, signature), 'InvalidNonce')
  })

  it("rejects another chain's signature", async () => {
    const order = await makeOrder()
    await expectRevert(execute(order, 1n, await sign(order, 1n, 1)), 'InvalidSigner')
  })

  it('rejects a route other than the signed one', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 1n)
    const steps = [{ ...route()[0], factoryId: FACTORY_SUSHISWAP }] as RouteStep[]
    await expectRevert(execute(order, 1n, signature, { steps }), 'RouteMismatch', [
      order.tradeHash,
      hashRoute(steps),
    ])
  })

  it('rejects a changed order (the signature no longer matches)', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 1n)
    await expectRevert(execute({ ...order, amountOutMin: e('1') }, 1n, signature), 'InvalidSigner')
  })

  it('rejects a fee above the signed fee and a signed fee above the cap', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 1n)
    await expectRevert(execute(order, 1n, signature, { fee: e('0.11') }), 'FeeAboveSigned', [
      e('0.11'),
      e('0.1'),
    ])
    const greedy = await makeOrder({ fee: e('1.01') })
    await expectRevert(execute(greedy, 2n, await sign(greedy, 2n)), 'FeeAboveCap', [e('1.01'), e('1')])
  })

  it('rejects an expired order', async () => {
    const block = await f.user.getBlock()
    const order = await makeOrder({ deadline: block.timestamp - 1n })
    await expectRevert(execute(order, 1n, await sign(order, 1n)), 'DeadlineExpired')
  })

  it('rejects an order whose nonce the user cancelled on chain', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 5n)
    await waitForReceipt(f.user, {
      hash: await f.user.writeContract({
        address: PERMIT2_ADDRESS,
        abi: permit2Abi,
        functionName: 'invalidateUnorderedNonces',
        args: [0n, 1n << 5n],
      }),
    })
    await expectRevert(execute(order, 5n, signature), 'InvalidNonce')
  })

  it('rejects a minimum output the route cannot give', async () => {
    const order = await makeOrder({ amountOutMin: e('9.9') })
    await expectRevert(execute(order, 1n, await sign(order, 1n)), 'InsufficientOutput')
  })

  it('rejects a submitter that is not an allowlisted relayer', async () => {
    const order = await makeOrder()
    const signature = await sign(order, 1n)
    await expectRevert(execute(order, 1n, signature, { client: f.attacker }), 'NotRelayer', [
      f.attacker.account.address,
    ])
  })
})

describe('GaslessSettlement.executeWithPermit (the token has its own EIP-2612 permit)', () => {
  const permitTypes = {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  } as const

  /** The owner's permit of TKA to Permit2, split for the contract; `signer` signs it (the owner by default). */
  async function tokenPermit(p: { value: bigint; deadline: bigint; signer?: DevClient }) {
    const signer = p.signer ?? f.user
    const signature = await signer.signTypedData({
      domain: { name: 'TKA', version: '1', chainId: CHAIN_ID, verifyingContract: f.tokens.tokenA },
      types: permitTypes,
      primaryType: 'Permit',
      message: {
        owner: f.user.account.address,
        spender: PERMIT2_ADDRESS,
        value: p.value,
        nonce: 0n,
        deadline: p.deadline,
      },
    })
    const { r, s, yParity } = parseSignature(signature)
    return { value: p.value, deadline: p.deadline, v: 27 + yParity, r, s }
  }

  const allowanceToPermit2 = () =>
    f.user.readContract({
      address: f.tokens.tokenA,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [f.user.account.address, PERMIT2_ADDRESS],
    })

  /** The user never approved Permit2: the snapshot's approval is taken back. */
  async function withoutApproval() {
    await waitForReceipt(f.user, {
      hash: await f.user.writeContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [PERMIT2_ADDRESS, 0n],
      }),
    })
  }

  function executeWithPermit(
    order: GaslessOrder,
    nonce: bigint,
    signature: Hex,
    permit: Awaited<ReturnType<typeof tokenPermit>>,
  ) {
    return relayer.simulateContract({
      address: settlement,
      abi,
      functionName: 'executeWithPermit',
      args: [order, nonce, signature, route(), order.fee, permit],
    })
  }

  it('needs no approval transaction: the permit, then the order, with exact amounts', async () => {
    await withoutApproval()
    const order = await makeOrder()
    const signature = await sign(order, 11n)
    const permit = await tokenPermit({ value: e('10'), deadline: order.deadline })
    const userA = await balance(f.tokens.tokenA, f.user.account.address)
    const userNative = await f.user.getBalance({ address: f.user.account.address })
    const { request, result } = await executeWithPermit(order, 11n, signature, permit)
    const receipt = await sendContractCall(relayer, request)
    expect(receipt.status).toBe('success')
    const expected = (e('9.9') * 997n * e('1000')) / (e('1000') * 1000n + e('9.9') * 997n)
    expect(result).toBe(expected)
    expect(await balance(f.tokens.tokenB, RECEIVER)).toBe(expected)
    expect(await balance(f.tokens.tokenA, relayer.account.address)).toBe(e('0.1'))
    expect(await balance(f.tokens.tokenA, f.user.account.address)).toBe(userA - e('10'))
    expect(await f.user.getBalance({ address: f.user.account.address })).toBe(userNative)
    expect(await allowanceToPermit2()).toBe(0n)
    expect(
      await f.user.readContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'nonces',
        args: [f.user.account.address],
      }),
    ).toBe(1n)
  })

  it('rejects an expired permit', async () => {
    await withoutApproval()
    const order = await makeOrder()
    const block = await f.user.getBlock()
    const permit = await tokenPermit({ value: e('10'), deadline: block.timestamp - 1n })
    await expectRevert(executeWithPermit(order, 12n, await sign(order, 12n), permit), 'PermitFailed', [
      f.tokens.tokenA,
      0n,
    ])
  })

  it("rejects a permit signed by another account than the order's user", async () => {
    await withoutApproval()
    const order = await makeOrder()
    const permit = await tokenPermit({ value: e('10'), deadline: order.deadline, signer: relayer })
    await expectRevert(executeWithPermit(order, 13n, await sign(order, 13n), permit), 'PermitFailed', [
      f.tokens.tokenA,
      0n,
    ])
  })

  it('rejects a permit below the amount', async () => {
    await withoutApproval()
    const order = await makeOrder()
    const permit = await tokenPermit({ value: e('9'), deadline: order.deadline })
    await expectRevert(executeWithPermit(order, 14n, await sign(order, 14n), permit), 'PermitFailed', [
      f.tokens.tokenA,
      e('9'),
    ])
  })

  it('still executes when someone submitted the same permit first', async () => {
    await withoutApproval()
    const order = await makeOrder()
    const permit = await tokenPermit({ value: e('10'), deadline: order.deadline })
    await waitForReceipt(relayer, {
      hash: await relayer.writeContract({
        address: f.tokens.tokenA,
        abi: devTokenAbi,
        functionName: 'permit',
        args: [
          f.user.account.address,
          PERMIT2_ADDRESS,
          permit.value,
          permit.deadline,
          permit.v,
          permit.r,
          permit.s,
        ],
      }),
    })
    expect(await allowanceToPermit2()).toBe(e('10'))
    const { request } = await executeWithPermit(order, 15n, await sign(order, 15n), permit)
    const receipt = await sendContractCall(relayer, request)
    expect(receipt.status).toBe('success')
    expect(await allowanceToPermit2()).toBe(0n)
  })

  it('only our relayer may submit it', async () => {
    await withoutApproval()
    const order = await makeOrder()
    const permit = await tokenPermit({ value: e('10'), deadline: order.deadline })
    const signature = await sign(order, 16n)
    await expectRevert(
      f.user.simulateContract({
        address: settlement,
        abi,
        functionName: 'executeWithPermit',
        args: [order, 16n, signature, route(), order.fee, permit],
      }),
      'NotRelayer',
      [f.user.account.address],
    )
  })
})
