import { type Address, createPublicClient, http, parseEther } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevClient } from '../../contracts/deploy/devClient'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { devMnemonic } from '../../devnet/devAccounts'
import type { ChainDeployment } from '../chains/deployment'
import { claimSharedDevnet } from './claimSharedDevnet'
import { sharedDevnetDataDir } from './sharedDevnetDataDir'
import { type SharedDevnets, startSharedDevnets, testClientOf } from './startSharedDevnets'

const RECEIVER: Address = '0x00000000000000000000000000000000000c1a1e'

describe('a shared devnet claimed by one file after another', () => {
  let shared: SharedDevnets

  beforeAll(async () => {
    shared = await startSharedDevnets({ count: 1, dataDir: sharedDevnetDataDir })
  }, 600_000)
  afterAll(async () => {
    await shared?.stop()
  })

  it('each claim starts from the deployed state, whatever the claim before it sent, at the current time', async () => {
    const info = shared.infos[0]
    if (!info) throw new Error('no shared devnet')
    expect(shared.infos).toHaveLength(1)
    const first = await claimSharedDevnet(info, [1])
    expect(first.map((d) => d.chainId)).toEqual([1])
    const rpcUrl = first[0]?.rpcUrl ?? ''
    const reader = createPublicClient({ transport: http(rpcUrl) })
    const wallet = createDevClient({ rpcUrl, chainId: 1, account: mnemonicToAccount(devMnemonic) })
    const headBefore = await reader.getBlockNumber({ cacheTime: 0 })
    const { baseFeePerGas: cleanBaseFee } = await reader.getBlock()

    const hash = await wallet.sendTransaction({ to: RECEIVER, value: parseEther('1.5') })
    await waitForReceipt(wallet, { hash })
    expect(await reader.getBalance({ address: RECEIVER })).toBe(parseEther('1.5'))
    // empty blocks lower the base fee, which a revert keeps
    await testClientOf(first[0] as ChainDeployment).mine({ blocks: 5 })
    expect((await reader.getBlock()).baseFeePerGas).toBeLessThan(cleanBaseFee ?? 0n)

    const second = await claimSharedDevnet(info, [1])
    expect(second[0]?.rpcUrl).toBe(rpcUrl)
    expect(await reader.getBalance({ address: RECEIVER })).toBe(0n)
    // the clean state plus the one block that brings the clock to now
    expect(await reader.getBlockNumber({ cacheTime: 0 })).toBe(headBefore + 1n)
    const head = await reader.getBlock()
    expect(Math.abs(Number(head.timestamp) - Date.now() / 1000)).toBeLessThan(30)
    // and the block's base fee is the one the clean state's next block had, as on the first claim
    expect(head.baseFeePerGas).toBe(cleanBaseFee)

    // the chains a claim names must be the devnet's
    await expect(claimSharedDevnet(info, [5])).rejects.toThrow('chains 5 are not part of the devnet')
  })
})
