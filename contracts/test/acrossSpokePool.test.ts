import {
  type Address,
  erc20Abi,
  type Hex,
  maxUint256,
  pad,
  parseEventLogs,
  parseUnits,
  zeroAddress,
  zeroHash,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildRefundTree, type RelayerRefundLeaf } from '../../devnet/across/buildRefundTree'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { acrossSpokePoolAbi as spokeAbi } from '../../server/providers/across/acrossSpokePoolAbi'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { devTokenAbi } from '../artifacts/index'
import { deployAcrossSpokePool } from '../deploy/deployAcrossSpokePool'
import { deployDevToken } from '../deploy/deployDevToken'
import { deployWrappedNative } from '../deploy/deployWrappedNative'
import { createDevClient, type DevClient } from '../deploy/devClient'
import { sendContractTx } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'

const MNEMONIC = 'test test test test test test test test test test test junk'
const CHAIN_A = 31_001
const CHAIN_B = 31_002
const usdc = (whole: string) => parseUnits(whole, 6)

type Side = {
  anvil: AnvilInstance
  admin: DevClient
  user: DevClient
  filler: DevClient
  spokePool: Address
  token: Address
}

let a: Side
let b: Side

async function deploySide(chainId: number, port: number): Promise<Side> {
  const anvil = await startAnvil({ chainId, port })
  const client = (addressIndex: number) =>
    createDevClient({ rpcUrl: anvil.rpcUrl, chainId, account: mnemonicToAccount(MNEMONIC, { addressIndex }) })
  const admin = client(0)
  const user = client(1)
  const filler = client(2)
  const { wrappedNative } = await deployWrappedNative(admin, { name: 'Wrapped Ether', symbol: 'WETH' })
  const { token } = await deployDevToken(admin, { name: 'USD Coin', symbol: 'USDC', decimals: 6 })
  const { spokePool } = await deployAcrossSpokePool(admin, {
    wrappedNative,
    withdrawalRecipient: admin.account.address,
  })
  for (const holder of [user, filler]) {
    await sendContractTx(admin, {
      address: token,
      abi: devTokenAbi,
      functionName: 'mint',
      args: [holder.account.address, usdc('1000000')],
    })
    await sendContractTx(holder, {
      address: token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [spokePool, maxUint256],
    })
  }
  return { anvil, admin, user, filler, spokePool, token }
}

const balanceOf = (side: Side, holder: Address) =>
  side.admin.readContract({ address: side.token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
const word = (address: Address): Hex => pad(address.toLowerCase() as Address)

/** Deposits `inputAmount` USDC from A's user for `outputAmount` on B; returns the relay data a filler needs. */
async function deposit(inputAmount: bigint, outputAmount: bigint, fillDeadlineIn = 3_600) {
  const { timestamp } = await a.admin.getBlock()
  const hash = await sendContractTx(a.user, {
    address: a.spokePool,
    abi: spokeAbi,
    functionName: 'depositV3',
    args: [
      a.user.account.address,
      b.user.account.address,
      a.token,
      b.token,
      inputAmount,
      outputAmount,
      BigInt(CHAIN_B),
      zeroAddress,
      Number(timestamp),
      Number(timestamp) + fillDeadlineIn,
      0,
      '0x',
    ],
  })
  const receipt = await waitForReceipt(a.admin, { hash })
  const [event] = parseEventLogs({ abi: spokeAbi, eventName: 'FundsDeposited', logs: receipt.logs })
  if (!event) throw new Error('no FundsDeposited')
  return {
    depositor: event.args.depositor,
    recipient: event.args.recipient,
    exclusiveRelayer: event.args.exclusiveRelayer,
    inputToken: event.args.inputToken,
    outputToken: event.args.outputToken,
    inputAmount: event.args.inputAmount,
    outputAmount: event.args.outputAmount,
    originChainId: BigInt(CHAIN_A),
    depositId: event.args.depositId,
    fillDeadline: event.args.fillDeadline,
    exclusivityDeadline: event.args.exclusivityDeadline,
    message: event.args.message,
  }
}

/** Relays a root bundle of `leaves` on A as its admin and executes every leaf; returns the bundle id. */
async function refund(leaves: RelayerRefundLeaf[]) {
  const tree = buildRefundTree(leaves)
  const receipt = await waitForReceipt(a.admin, {
    hash: await sendContractTx(a.admin, {
      address: a.spokePool,
      abi: spokeAbi,
      functionName: 'relayRootBundle',
      args: [tree.root, zeroHash],
    }),
  })
  const [relayed] = parseEventLogs({ abi: spokeAbi, eventName: 'RelayedRootBundle', logs: receipt.logs })
  const rootBundleId = relayed?.args.rootBundleId ?? -1
  for (const [index, leaf] of leaves.entries()) {
    await sendContractTx(a.filler, {
      address: a.spokePool,
      abi: spokeAbi,
      functionName: 'executeRelayerRefundLeaf',
      args: [rootBundleId, leaf, tree.proofs[index] ?? []],
    })
  }
  return rootBundleId
}

beforeAll(async () => {
  const port = await allocateTestPorts(2)
  ;[a, b] = await Promise.all([deploySide(CHAIN_A, port), deploySide(CHAIN_B, port + 1)])
})

afterAll(async () => {
  await Promise.all([a?.anvil.stop(), b?.anvil.stop()])
})

describe('Across Ethereum_SpokePool behind its ERC1967Proxy on two chains', () => {
  it('a deposit on A is filled on B for exactly its output amount, once, and the filler is repaid on A', async () => {
    const spokeBefore = await balanceOf(a, a.spokePool)
    const relay = await deposit(usdc('1000'), usdc('999.5'))
    expect(relay.depositId).toBe(0n)
    expect(relay.depositor).toBe(word(a.user.account.address))
    expect(await balanceOf(a, a.spokePool)).toBe(spokeBefore + usdc('1000'))

    const recipient = b.user.account.address
    const [recipientBefore, fillerBefore] = await Promise.all([
      balanceOf(b, recipient),
      balanceOf(b, b.filler.account.address),
    ])
    const fill = await sendContractTx(b.filler, {
      address: b.spokePool,
      abi: spokeAbi,
      functionName: 'fillRelay',
      args: [relay, BigInt(CHAIN_A), word(a.filler.account.address)],
    })
    expect(await balanceOf(b, recipient)).toBe(recipientBefore + usdc('999.5'))
    expect(await balanceOf(b, b.filler.account.address)).toBe(fillerBefore - usdc('999.5'))
    const receipt = await waitForReceipt(b.admin, { hash: fill })
    const [filled] = parseEventLogs({ abi: spokeAbi, eventName: 'FilledRelay', logs: receipt.logs })
    expect([filled?.args.depositId, filled?.args.originChainId, filled?.args.repaymentChainId]).toEqual([
      0n,
      BigInt(CHAIN_A),
      BigInt(CHAIN_A),
    ])
    const relayHash = await b.admin.readContract({
      address: b.spokePool,
      abi: spokeAbi,
      functionName: 'getV3RelayHash',
      args: [relay],
    })
    expect(
      await b.admin.readContract({
        address: b.spokePool,
        abi: spokeAbi,
        functionName: 'fillStatuses',
        args: [relayHash],
      }),
    ).toBe(2n)
    await expect(
      sendContractTx(b.filler, {
        address: b.spokePool,
        abi: spokeAbi,
        functionName: 'fillRelay',
        args: [relay, BigInt(CHAIN_A), word(a.filler.account.address)],
      }),
    ).rejects.toThrow(/RelayFilled/)

    const fillerOnA = await balanceOf(a, a.filler.account.address)
    await refund([
      {
        amountToReturn: 0n,
        chainId: BigInt(CHAIN_A),
        refundAmounts: [usdc('1000')],
        leafId: 0,
        l2TokenAddress: a.token,
        refundAddresses: [a.filler.account.address],
      },
    ])
    expect(await balanceOf(a, a.filler.account.address)).toBe(fillerOnA + usdc('1000'))
    expect(await balanceOf(a, a.spokePool)).toBe(spokeBefore)
  })

  it('only the owner relays root bundles', async () => {
    expect(await a.admin.readContract({ address: a.spokePool, abi: spokeAbi, functionName: 'owner' })).toBe(
      a.admin.account.address,
    )
    await expect(
      a.user.simulateContract({
        address: a.spokePool,
        abi: spokeAbi,
        functionName: 'relayRootBundle',
        args: [zeroHash, zeroHash],
      }),
    ).rejects.toThrow(/relayRootBundle" reverted/)
  })

  it('a deposit left unfilled past its deadline cannot be filled and is refunded to its depositor', async () => {
    const relay = await deposit(usdc('250'), usdc('249'), 60)
    await b.admin.increaseTime({ seconds: 120 })
    await b.admin.mine({ blocks: 1 })
    await expect(
      sendContractTx(b.filler, {
        address: b.spokePool,
        abi: spokeAbi,
        functionName: 'fillRelay',
        args: [relay, BigInt(CHAIN_A), word(b.filler.account.address)],
      }),
    ).rejects.toThrow(/ExpiredFillDeadline/)
    const depositorBefore = await balanceOf(a, a.user.account.address)
    const otherBefore = await balanceOf(a, a.admin.account.address)
    // Three leaves (one empty) exercise a proof of more than one level.
    await refund([
      {
        amountToReturn: 0n,
        chainId: BigInt(CHAIN_A),
        refundAmounts: [usdc('250')],
        leafId: 0,
        l2TokenAddress: a.token,
        refundAddresses: [a.user.account.address],
      },
      {
        amountToReturn: 0n,
        chainId: BigInt(CHAIN_A),
        refundAmounts: [],
        leafId: 1,
        l2TokenAddress: a.token,
        refundAddresses: [],
      },
      {
        amountToReturn: 0n,
        chainId: BigInt(CHAIN_A),
        refundAmounts: [0n],
        leafId: 2,
        l2TokenAddress: a.token,
        refundAddresses: [a.admin.account.address],
      },
    ])
    expect(await balanceOf(a, a.user.account.address)).toBe(depositorBefore + usdc('250'))
    expect(await balanceOf(a, a.admin.account.address)).toBe(otherBefore)
  })
})
