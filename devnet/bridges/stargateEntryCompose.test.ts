import {
  type Address,
  encodeAbiParameters,
  encodePacked,
  getAddress,
  isAddressEqual,
  pad,
  parseAbi,
  parseUnits,
  zeroAddress,
  zeroHash,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stargateEntryAbi } from '../../contracts/artifacts'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { destinationSwapParameter } from '../../contracts/test/composeMessage'
import type { PoolState } from '../../server/routing'
import { quoteRouteSteps, STEP_SHARE_ONE } from '../../server/routing/quoteRouteSteps'
import { toContractSteps } from '../../server/routing/toContractSteps'
import { type DevnetHarness, startDevnetHarness } from '../../server/testing/devnetHarness'
import { relayUntilIdle } from '../layerZeroRelayer/relayUntilIdle'

const stargateAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'struct OFTLimit { uint256 minAmountLD; uint256 maxAmountLD; }',
  'struct OFTFeeDetail { int256 feeAmountLD; string description; }',
  'struct OFTReceipt { uint256 amountSentLD; uint256 amountReceivedLD; }',
  'function quoteOFT(SendParam sendParam) view returns (OFTLimit limit, OFTFeeDetail[] oftFeeDetails, OFTReceipt receipt)',
  'function quoteSend(SendParam sendParam, bool payInLzToken) view returns (MessagingFee fee)',
])
const receiver: Address = getAddress('0x00000000000000000000000000000000000c0de5')
/** LayerZero type-3 options: executor (worker 1) lzCompose (type 3), index 0, 1.5M gas. */
const composeOptions = encodePacked(
  ['uint16', 'uint8', 'uint16', 'uint8', 'uint16', 'uint128'],
  [3, 1, 19, 3, 0, 1_500_000n],
)

let h: DevnetHarness

beforeAll(async () => {
  h = await startDevnetHarness({ chainIds: [1, 42161] })
}, 600_000)

afterAll(async () => {
  await h?.stop()
})

describe('StargateEntry and StargateComposer over the devnet Stargate', () => {
  it('USDC from Ethereum, swapped on Arbitrum to WETH over two pools: the receiver gets exactly the quoted WETH', async () => {
    const origin = h.deployment(1)
    const destination = h.deployment(42161)
    const pool = origin.stargate?.pools.find((p) => p.symbol === 'USDC')
    const entry = origin.stargate?.entry
    const composer = destination.stargate?.composer
    const dstEid = destination.layerZero?.eid
    if (!pool || !entry || !composer || dstEid === undefined) throw new Error('no Stargate entry/composer')
    const usdc = getAddress(h.token(42161, 'USDC').address)
    const weth = destination.wrappedNative
    const amountIn = parseUnits('1000', 6)
    const sendParam = {
      dstEid,
      to: pad(composer),
      amountLD: amountIn,
      minAmountLD: 0n,
      extraOptions: composeOptions,
      composeMsg: '0x' as const,
      oftCmd: '0x' as const,
    }
    const wallet = h.walletClient(1, 7)
    const [, , oft] = await wallet.readContract({
      address: pool.pool,
      abi: stargateAbi,
      functionName: 'quoteOFT',
      args: [sendParam],
    })
    expect(oft.amountReceivedLD).toBe(parseUnits('999.399999', 6))

    await h.refreshAll()
    const pools: PoolState[] = h.markets
      .get(42161)
      .getSnapshot()
      .pools.filter(
        (p) =>
          (isAddressEqual(p.token0, usdc) && isAddressEqual(p.token1, weth)) ||
          (isAddressEqual(p.token0, weth) && isAddressEqual(p.token1, usdc)),
      )
    const [first, second] = pools
    if (!first || !second) throw new Error('Arbitrum needs two USDC/WETH pools')
    const plan = [
      { pool: first, tokenIn: usdc, tokenOut: weth, share: STEP_SHARE_ONE / 2n },
      { pool: second, tokenIn: usdc, tokenOut: weth, share: STEP_SHARE_ONE },
    ]
    const route = quoteRouteSteps({
      tokenIn: usdc,
      tokenOut: weth,
      amountIn: oft.amountReceivedLD,
      steps: plan,
    })
    if (!route) throw new Error('the destination route does not quote')
    const block = await wallet.getBlock()
    const dst = {
      receiver,
      tokenOut: weth,
      minAmountOut: route.amountOut,
      deadline: block.timestamp + 3_600n,
      steps: toContractSteps(plan),
    }
    const fee = await wallet.readContract({
      address: pool.pool,
      abi: stargateAbi,
      functionName: 'quoteSend',
      args: [{ ...sendParam, composeMsg: encodeAbiParameters([destinationSwapParameter], [dst]) }, false],
    })
    expect(fee.nativeFee > 0n).toBe(true)

    await h.approve(wallet, pool.token, entry)
    const nativeBefore = await wallet.getBalance({ address: wallet.account.address })
    const usdcBefore = await h.balanceOf(1, pool.token, wallet.account.address)
    const wethBefore = await h.balanceOf(42161, weth, receiver)
    const hash = await wallet.writeContract({
      address: entry,
      abi: stargateEntryAbi,
      functionName: 'swapAndSend',
      args: [
        {
          tokenIn: pool.token,
          amountIn,
          minBridgeAmount: 0n,
          exactAmountLD: 0n,
          deadline: block.timestamp + 3_600n,
          pool: pool.pool,
          dstEid,
          composer,
          minAmountLD: oft.amountReceivedLD,
          extraOptions: composeOptions,
          nativeFee: fee.nativeFee,
          feeRecipient: zeroAddress,
          feeBps: 0,
          integratorId: zeroHash,
        },
        [],
        dst,
      ],
      value: fee.nativeFee,
      gas: 1_500_000n,
    })
    const receipt = await waitForReceipt(wallet, { hash })
    expect(receipt.status).toBe('success')
    const nativeAfter = await wallet.getBalance({ address: wallet.account.address })
    expect(nativeBefore - nativeAfter - receipt.gasUsed * receipt.effectiveGasPrice).toBe(fee.nativeFee)
    expect(usdcBefore - (await h.balanceOf(1, pool.token, wallet.account.address))).toBe(amountIn)

    await relayUntilIdle({ deployments: h.deployments })
    expect((await h.balanceOf(42161, weth, receiver)) - wethBefore).toBe(route.amountOut)
    expect(await h.balanceOf(42161, usdc, receiver)).toBe(0n)
    expect(await h.balanceOf(42161, usdc, composer)).toBe(0n)
    expect(await h.balanceOf(42161, zeroAddress, composer)).toBe(0n)
  }, 300_000)
})
