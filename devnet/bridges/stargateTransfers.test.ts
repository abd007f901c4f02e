import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type Address,
  erc20Abi,
  isAddressEqual,
  maxUint256,
  pad,
  parseAbi,
  parseEther,
  parseUnits,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevClient } from '../../contracts/deploy/devClient'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import type { ChainDeployment, StargateDeployment } from '../../server/chains/deployment'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { devMnemonic } from '../devAccounts'
import { relayUntilIdle } from '../layerZeroRelayer/relayUntilIdle'
import { type Devnet, startDevnet } from '../startDevnet'
import { stargateAssetIds } from './deployChainBridges'

const stargateAbi = parseAbi([
  'struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }',
  'struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }',
  'struct OFTLimit { uint256 minAmountLD; uint256 maxAmountLD; }',
  'struct OFTFeeDetail { int256 feeAmountLD; string description; }',
  'struct OFTReceipt { uint256 amountSentLD; uint256 amountReceivedLD; }',
  'struct MessagingReceipt { bytes32 guid; uint64 nonce; MessagingFee fee; }',
  'function quoteOFT(SendParam sendParam) view returns (OFTLimit limit, OFTFeeDetail[] oftFeeDetails, OFTReceipt receipt)',
  'function quoteSend(SendParam sendParam, bool payInLzToken) view returns (MessagingFee fee)',
  'function send(SendParam sendParam, MessagingFee fee, address refundAddress) payable returns (MessagingReceipt msgReceipt, OFTReceipt oftReceipt)',
])

// Chains 1, 56 and 42161 listen on portBase + their index in chainInfo (0, 2, 6).
const portBase = await allocateTestPorts(8)
const sender = mnemonicToAccount(devMnemonic, { addressIndex: 3 })
const receiver = mnemonicToAccount(devMnemonic, { addressIndex: 4 }).address

let devnet: Devnet
let dataDir: string

function chainOf(chainId: number): ChainDeployment {
  const chain = devnet.deployments.find((c) => c.chainId === chainId)
  if (!chain) throw new Error(`chain ${chainId} missing`)
  return chain
}

function poolOf(chainId: number, assetId: number): StargateDeployment['pools'][number] {
  const pool = chainOf(chainId).stargate?.pools.find((p) => p.assetId === assetId)
  if (!pool) throw new Error(`no Stargate pool ${assetId} on ${chainId}`)
  return pool
}

function clientOf(chainId: number) {
  return createDevClient({ rpcUrl: chainOf(chainId).rpcUrl, chainId, account: sender })
}

async function balanceOf(chainId: number, token: Address, owner: Address): Promise<bigint> {
  const client = clientOf(chainId)
  if (isAddressEqual(token, zeroAddress)) return client.getBalance({ address: owner })
  return client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
}

/**
 * Sends `amountLD` of asset `assetId` from `from` to `receiver` on `to` through the pool's `send`, paying the
 * quoted nativeFee (plus the amount for a native pool), lets the relayer deliver, and returns what was
 * quoted, what the sender paid in native beyond gas, and what the receiver got.
 */
async function transfer(params: { from: number; to: number; assetId: number; amountLD: bigint }) {
  const source = poolOf(params.from, params.assetId)
  const destination = poolOf(params.to, params.assetId)
  const dstEid = chainOf(params.to).layerZero?.eid
  if (dstEid === undefined) throw new Error('no eid')
  const client = clientOf(params.from)
  const native = isAddressEqual(source.token, zeroAddress)
  if (!native) {
    const hash = await client.writeContract({
      address: source.token,
      abi: erc20Abi,
      functionName: 'approve',
      args: [source.pool, maxUint256],
    })
    await waitForReceipt(client, { hash })
  }
  const sendParam = {
    dstEid,
    to: pad(receiver),
    amountLD: params.amountLD,
    minAmountLD: 0n,
    extraOptions: '0x' as const,
    composeMsg: '0x' as const,
    oftCmd: '0x' as const,
  }
  const [, , oftReceipt] = await client.readContract({
    address: source.pool,
    abi: stargateAbi,
    functionName: 'quoteOFT',
    args: [sendParam],
  })
  const fee = await client.readContract({
    address: source.pool,
    abi: stargateAbi,
    functionName: 'quoteSend',
    args: [sendParam, false],
  })
  const sendParamWithMin = { ...sendParam, minAmountLD: oftReceipt.amountReceivedLD }
  const nativeBefore = await client.getBalance({ address: sender.address })
  const receivedBefore = await balanceOf(params.to, destination.token, receiver)
  const hash = await client.writeContract({
    address: source.pool,
    abi: stargateAbi,
    functionName: 'send',
    args: [sendParamWithMin, fee, sender.address],
    value: fee.nativeFee + (native ? params.amountLD : 0n),
  })
  const receipt = await waitForReceipt(client, { hash })
  expect(receipt.status).toBe('success')
  const nativeAfter = await client.getBalance({ address: sender.address })
  await relayUntilIdle({ deployments: devnet.deployments })
  const received = (await balanceOf(params.to, destination.token, receiver)) - receivedBefore
  return {
    quotedReceived: oftReceipt.amountReceivedLD,
    /** amountReceivedLD is in the source pool's decimals; the destination pays the same shared-decimal amount. */
    quotedReceivedOnDestination:
      (oftReceipt.amountReceivedLD * 10n ** BigInt(destination.decimals)) / 10n ** BigInt(source.decimals),
    amountSent: oftReceipt.amountSentLD,
    nativeFee: fee.nativeFee,
    paidNative: nativeBefore - nativeAfter - receipt.gasUsed * receipt.effectiveGasPrice,
    received,
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stargate-transfers-'))
  devnet = await startDevnet({ dataDir, portBase, chainIds: [1, 56, 42161] })
}, 300_000)

afterAll(async () => {
  await devnet?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('Stargate V2 over LayerZero V2 on the devnet', () => {
  it('USDC from Ethereum to Arbitrum: the receiver gets exactly amountReceivedLD, the sender pays exactly nativeFee', async () => {
    const amountLD = parseUnits('1000', 6)
    const result = await transfer({ from: 1, to: 42161, assetId: stargateAssetIds.USDC, amountLD })
    // FeeLibV1 charges 0.06 % on every devnet path, rounded up by one shared-decimal unit (1e-6).
    expect(result.quotedReceived).toBe(parseUnits('999.399999', 6))
    expect(result.received).toBe(result.quotedReceived)
    expect(result.nativeFee > 0n).toBe(true)
    expect(result.paidNative).toBe(result.nativeFee)
  }, 120_000)

  it('ETH from Arbitrum to Ethereum (both ETH-native): value is amount + nativeFee, the receiver gets amountReceivedLD', async () => {
    const amountLD = parseEther('2')
    const result = await transfer({ from: 42161, to: 1, assetId: stargateAssetIds.ETH, amountLD })
    expect(result.amountSent).toBe(amountLD)
    expect(result.quotedReceived).toBe(parseEther('1.998799'))
    expect(result.received).toBe(result.quotedReceived)
    expect(result.paidNative).toBe(amountLD + result.nativeFee)
  }, 120_000)

  it('USDT from BSC (18 decimals) to Arbitrum (6 decimals) arrives in the receiver token units', async () => {
    const amountLD = parseUnits('500', 18)
    const result = await transfer({ from: 56, to: 42161, assetId: stargateAssetIds.USDT, amountLD })
    expect(result.quotedReceived).toBe(parseUnits('499.699999', 18))
    expect(result.received).toBe(parseUnits('499.699999', 6))
    expect(result.received).toBe(result.quotedReceivedOnDestination)
    expect(result.paidNative).toBe(result.nativeFee)
  }, 120_000)

  it('each chain credits every other chain with an equal part of its pools', async () => {
    const client = clientOf(42161)
    const creditAbi = parseAbi(['function paths(uint32 eid) view returns (uint64 credit)'])
    const ethereumEid = chainOf(1).layerZero?.eid ?? 0
    // Arbitrum's USDC path to Ethereum holds what Ethereum's planner sent it: half of Ethereum's 10M USDC
    // deposit (shared between BSC and Arbitrum), in shared decimals (6). Transfers into Arbitrum leave it.
    const credit = await client.readContract({
      address: poolOf(42161, stargateAssetIds.USDC).pool,
      abi: creditAbi,
      functionName: 'paths',
      args: [ethereumEid],
    })
    expect(credit).toBe(parseUnits('5000000', 6))
  })
})
