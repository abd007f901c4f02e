import { type Address, type Hex, maxUint256, parseEther, zeroAddress, zeroHash } from 'viem'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { aggregatorAbi, devTokenAbi } from '../artifacts/index'
import { sendContractCall } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'
import { deploySwapFixture, type SwapFixture } from './deploySwapFixture'

export type Hop = { kind: number; factoryId: number; tokenIn: Address; tokenOut: Address; fee: number }
export type Leg = { amount: bigint; hops: Hop[] }
export type SwapParams = {
  tokenIn: Address
  tokenOut: Address
  amountIn: bigint
  amountOut: bigint
  receiver: Address
  deadline: bigint
  feeRecipient: Address
  feeBps: number
  integratorId: Hex
}

const CHAIN_ID = 31337
/** Where the fixture's swaps pay out unless a test says otherwise. */
export const RECEIVER: Address = '0x000000000000000000000000000000000000bEEF'

/**
 * The Aggregator tests' setup, registered in the calling test file: one anvil with `deploySwapFixture` for the
 * file, the user approving the Aggregator for every token, each test starting from that state (snapshot and
 * revert; `restore` does it within a test). Returns the fixture (once deployed) and helpers: swap parameters (10 tokenA for tokenB to RECEIVER,
 * no minimum, no fee, unless overridden), balances (native at the zero address), a swap from the user that must
 * succeed and leave the Aggregator holding nothing, and the same swap simulated.
 */
export function setUpSwapFixture() {
  let anvil: AnvilInstance | undefined
  let fixture: SwapFixture | undefined
  let snapshotId: Hex

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID, port: await allocateTestPorts(1) })
    const f = await deploySwapFixture({ rpcUrl: anvil.rpcUrl, chainId: CHAIN_ID })
    for (const token of [...Object.values(f.tokens), f.weth]) {
      const hash = await f.user.writeContract({
        address: token,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [f.aggregator, maxUint256],
      })
      await waitForReceipt(f.user, { hash })
    }
    snapshotId = await f.deployer.snapshot()
    fixture = f
  }, 120_000)

  /** Puts the chain back to the state every test starts from. */
  async function restore() {
    const f = get()
    await f.deployer.revert({ id: snapshotId })
    snapshotId = await f.deployer.snapshot()
  }

  beforeEach(restore)

  afterAll(async () => {
    await anvil?.stop()
  })

  function get(): SwapFixture {
    if (!fixture) throw new Error('the swap fixture is deployed in beforeAll')
    return fixture
  }

  function params(overrides: Partial<SwapParams> = {}): SwapParams {
    const f = get()
    return {
      tokenIn: f.tokens.tokenA,
      tokenOut: f.tokens.tokenB,
      amountIn: parseEther('10'),
      amountOut: 0n,
      receiver: RECEIVER,
      deadline: 2n ** 40n,
      feeRecipient: zeroAddress,
      feeBps: 0,
      integratorId: zeroHash,
      ...overrides,
    }
  }

  async function balanceOf(token: Address, account: Address): Promise<bigint> {
    const f = get()
    if (token === zeroAddress) return f.deployer.getBalance({ address: account })
    return f.deployer.readContract({
      address: token,
      abi: devTokenAbi,
      functionName: 'balanceOf',
      args: [account],
    })
  }

  async function expectNoLeftovers() {
    const f = get()
    for (const token of [...Object.values(f.tokens), f.weth, zeroAddress]) {
      expect(await balanceOf(token, f.aggregator)).toBe(0n)
    }
  }

  function simulateSwap(
    functionName: 'swapExactIn' | 'swapExactOut',
    p: SwapParams,
    legs: Leg[],
    value = 0n,
  ) {
    const f = get()
    return f.user.simulateContract({
      address: f.aggregator,
      abi: aggregatorAbi,
      functionName,
      args: [p, legs],
      value,
    })
  }

  async function swap(functionName: 'swapExactIn' | 'swapExactOut', p: SwapParams, legs: Leg[], value = 0n) {
    const { result, request } = await simulateSwap(functionName, p, legs, value)
    const receipt = await sendContractCall(get().user, request)
    expect(receipt.status).toBe('success')
    await expectNoLeftovers()
    return { result, receipt }
  }

  return { get, restore, params, balanceOf, expectNoLeftovers, simulateSwap, swap }
}
