import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Address, createTestClient, erc20Abi, http, maxUint256, parseUnits, zeroAddress } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevClient } from '../../contracts/deploy/devClient'
import { sendContractTx } from '../../contracts/deploy/sendContractTx'
import type { AcrossDeployment, ChainDeployment } from '../../server/chains/deployment'
import { computeAcrossOutput } from '../../server/providers/across/acrossFees'
import { acrossSpokePoolAbi } from '../../server/providers/across/acrossSpokePoolAbi'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { sharedDevnetDataDir } from '../../server/testing/sharedDevnetDataDir'
import { createStateFile } from '../createStateFile'
import { devMnemonic } from '../devAccounts'
import { savedFinality, writeSavedHead } from '../savedHead'
import { type Devnet, startDevnet } from '../startDevnet'
import { type AcrossFillerState, createAcrossFiller } from './createAcrossFiller'
import { getFillerAccount } from './fillerAccount'

// Chains 1 and 42161 listen on portBase + their index in chainInfo (0 and 6).
const portBase = await allocateTestPorts(8)
const depositorAccount = mnemonicToAccount(devMnemonic, { addressIndex: 5 })
const receiver = mnemonicToAccount(devMnemonic, { addressIndex: 6 }).address
const filler = getFillerAccount().address

let devnet: Devnet
let dir: string

const chainOf = (chainId: number): ChainDeployment => {
  const chain = devnet.deployments.find((c) => c.chainId === chainId)
  if (!chain) throw new Error(`chain ${chainId} missing`)
  return chain
}
const acrossOf = (chainId: number): AcrossDeployment => {
  const across = chainOf(chainId).across
  if (!across) throw new Error(`no Across on ${chainId}`)
  return across
}
const usdcOf = (chainId: number) => {
  const asset = acrossOf(chainId).assets.find((a) => a.asset === 'USDC')
  if (!asset) throw new Error(`no USDC on ${chainId}`)
  return asset
}
const clientOf = (chainId: number) =>
  createDevClient({ rpcUrl: chainOf(chainId).rpcUrl, chainId, account: depositorAccount })
const usdcBalance = (chainId: number, owner: Address) =>
  clientOf(chainId).readContract({
    address: usdcOf(chainId).token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

/** Deposits `amount` USDC on Ethereum for Arbitrum at the filler's fee; the fill deadline `deadlineIn` s away. */
async function depositUsdc(amount: bigint, deadlineIn = 600) {
  const client = clientOf(1)
  const { timestamp } = await client.getBlock()
  const { outputAmount } = computeAcrossOutput(amount, 6, 6)
  await sendContractTx(client, {
    address: acrossOf(1).spokePool,
    abi: acrossSpokePoolAbi,
    functionName: 'depositV3',
    args: [
      depositorAccount.address,
      receiver,
      usdcOf(1).token,
      usdcOf(42161).token,
      amount,
      outputAmount,
      42161n,
      zeroAddress,
      Number(timestamp),
      Number(timestamp) + deadlineIn,
      0,
      '0x',
    ],
  })
  return outputAmount
}

beforeAll(async () => {
  devnet = await startDevnet({ dataDir: sharedDevnetDataDir, portBase, chainIds: [1, 42161] })
  dir = mkdtempSync(path.join(tmpdir(), 'across-filler-'))
  await sendContractTx(clientOf(1), {
    address: usdcOf(1).token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [acrossOf(1).spokePool, maxUint256],
  })
}, 600_000)

afterAll(async () => {
  await devnet?.stop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the devnet Across filler', () => {
  it('fills a deposit for exactly its output amount and is repaid its input on the origin', async () => {
    const amount = parseUnits('1000', 6)
    const [receiverBefore, fillerOnOrigin] = await Promise.all([
      usdcBalance(42161, receiver),
      usdcBalance(1, filler),
    ])
    const outputAmount = await depositUsdc(amount)
    expect(outputAmount).toBe(parseUnits('999.6', 6))
    const worker = createAcrossFiller({ deployments: devnet.deployments })
    const pass = await worker.runOnce()
    expect(pass.fills).toHaveLength(1)
    expect(pass.bundles).toEqual([{ chainId: 1, rootBundleId: expect.any(Number), leaves: 1 }])
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore + outputAmount)
    expect(await usdcBalance(1, filler)).toBe(fillerOnOrigin + amount)
    expect(await worker.runOnce()).toEqual({ fills: [], bundles: [] })
  })

  it('restarted, with or without its state, fills each deposit once and repays it once', async () => {
    const file = path.join(dir, 'filler.json')
    const first = createAcrossFiller({
      deployments: devnet.deployments,
      stateFile: createStateFile<AcrossFillerState>(file, 'the filler'),
    })
    const receiverBefore = await usdcBalance(42161, receiver)
    const fillerOnOrigin = await usdcBalance(1, filler)
    const a = await depositUsdc(parseUnits('300', 6))
    expect((await first.runOnce()).fills).toHaveLength(1)
    await first.stop()
    const b = await depositUsdc(parseUnits('400', 6))
    const second = createAcrossFiller({
      deployments: devnet.deployments,
      stateFile: createStateFile<AcrossFillerState>(file, 'the filler'),
    })
    expect((await second.runOnce()).fills).toHaveLength(1)
    // A filler that lost its state rescans every deposit: all are filled and settled on chain already.
    const amnesiac = createAcrossFiller({ deployments: devnet.deployments })
    expect((await amnesiac.runOnce()).fills).toEqual([])
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore + a + b)
    expect(await usdcBalance(1, filler)).toBe(fillerOnOrigin + parseUnits('700', 6))
  })

  it('a fill its destination rolled back (a devnet crash, a reorg) is made again, once, and repaid once', async () => {
    const worker = createAcrossFiller({ deployments: devnet.deployments })
    await worker.runOnce()
    const destination = createTestClient({ mode: 'anvil', transport: http(chainOf(42161).rpcUrl) })
    const beforeFill = await destination.snapshot()
    const receiverBefore = await usdcBalance(42161, receiver)
    const fillerOnOrigin = await usdcBalance(1, filler)
    const out = await depositUsdc(parseUnits('500', 6))
    const first = await worker.runOnce()
    expect([first.fills.length, first.bundles.length]).toEqual([1, 1])
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore + out)
    await destination.revert({ id: beforeFill })
    await destination.mine({ blocks: 2 })
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore)
    const again = await worker.runOnce()
    expect([again.fills.length, again.bundles.length]).toEqual([1, 0])
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore + out)
    expect(await usdcBalance(1, filler)).toBe(fillerOnOrigin + parseUnits('500', 6))
    expect(await worker.runOnce()).toEqual({ fills: [], bundles: [] })
  })

  it("with the devnet's saved heads, fills a deposit only once its origin's last save covers it, once", async () => {
    const headFile = path.join(dir, 'ethereum.head')
    const { finalBlock } = savedFinality(new Map([[1, headFile]]))
    const worker = createAcrossFiller({ deployments: devnet.deployments, sourceFinalBlock: finalBlock })
    const origin = clientOf(1)
    const receiverBefore = await usdcBalance(42161, receiver)
    const fillerOnOrigin = await usdcBalance(1, filler)
    const out = await depositUsdc(parseUnits('200', 6))
    const deposit = await origin.getBlock()
    // no save yet: nothing on the origin is final
    expect(await worker.runOnce()).toEqual({ fills: [], bundles: [] })
    const below = await origin.getBlock({ blockNumber: deposit.number - 1n })
    await writeSavedHead(headFile, { number: below.number, hash: below.hash })
    expect(await worker.runOnce()).toEqual({ fills: [], bundles: [] })
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore)
    await writeSavedHead(headFile, { number: deposit.number, hash: deposit.hash })
    const pass = await worker.runOnce()
    expect([pass.fills.length, pass.bundles.length]).toEqual([1, 1])
    expect(await worker.runOnce()).toEqual({ fills: [], bundles: [] })
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore + out)
    expect(await usdcBalance(1, filler)).toBe(fillerOnOrigin + parseUnits('200', 6))
  })

  it('a deposit left unfilled (filler stopped) past its deadline is refunded to the depositor', async () => {
    const before = await usdcBalance(1, depositorAccount.address)
    const receiverBefore = await usdcBalance(42161, receiver)
    await depositUsdc(parseUnits('50', 6), 30)
    expect(await usdcBalance(1, depositorAccount.address)).toBe(before - parseUnits('50', 6))
    const worker = createAcrossFiller({ deployments: devnet.deployments })
    expect(await worker.runOnce({ fill: false })).toEqual({ fills: [], bundles: [] })
    const arbitrum = clientOf(42161)
    await arbitrum.increaseTime({ seconds: 60 })
    await arbitrum.mine({ blocks: 1 })
    const pass = await worker.runOnce()
    expect(pass.fills).toEqual([])
    expect(pass.bundles).toHaveLength(1)
    expect(await usdcBalance(1, depositorAccount.address)).toBe(before)
    expect(await usdcBalance(42161, receiver)).toBe(receiverBefore)
  })
})
