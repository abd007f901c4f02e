import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  getAddress,
  type Hex,
  parseEther,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../../devnet/startAnvil'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { devTokenAbi, liquidityRouterAbi, liquidityRouterBytecode } from '../artifacts/index'
import { deployBytecode } from '../deploy/deployBytecode'
import { deployDevToken } from '../deploy/deployDevToken'
import { createDevClient, type DevClient } from '../deploy/devClient'
import { sendContractCall } from '../deploy/sendContractTx'
import { waitForReceipt } from '../deploy/waitForReceipt'

const MNEMONIC = 'test test test test test test test test test test test junk'
const CHAIN_ID = 31337
const VAULT: Address = getAddress('0x0000000000000000000000000000000000005a17')
const MEMO = '=:BTC.BTC:bcrt1qxyz:1000'

let anvil: AnvilInstance
let user: DevClient
let vault: DevClient
let router: Address
let token: Address
let taxed: Address
let snapshot: Hex

const client = (index: number) =>
  createDevClient({
    rpcUrl: anvil.rpcUrl,
    chainId: CHAIN_ID,
    account: mnemonicToAccount(MNEMONIC, { addressIndex: index }),
  })

type DepositArgs = readonly [Address, Address, bigint, string, bigint]
type TransferOutArgs = readonly [Address, Address, bigint, string]

async function settle(from: DevClient, request: Parameters<typeof sendContractCall>[1]) {
  const receipt = await sendContractCall(from, request)
  expect(receipt.status).toBe('success')
  return parseEventLogs({ abi: liquidityRouterAbi, logs: receipt.logs })
}
async function deposit(from: DevClient, args: DepositArgs, value = 0n) {
  const abi = liquidityRouterAbi
  const { request } = await from.simulateContract({
    address: router,
    abi,
    functionName: 'depositWithExpiry',
    args,
    value,
  })
  return settle(from, request)
}
async function transferOut(from: DevClient, args: TransferOutArgs) {
  const abi = liquidityRouterAbi
  const { request } = await from.simulateContract({ address: router, abi, functionName: 'transferOut', args })
  return settle(from, request)
}

async function revertName(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  const reverted =
    error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null
  return reverted instanceof ContractFunctionRevertedError ? reverted.data?.errorName : undefined
}

const balanceOf = (asset: Address, account: Address) =>
  asset === zeroAddress
    ? user.getBalance({ address: account })
    : user.readContract({ address: asset, abi: devTokenAbi, functionName: 'balanceOf', args: [account] })

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID, port: await allocateTestPorts(1) })
  const deployer = client(0)
  user = client(1)
  vault = client(2)
  router = await deployBytecode(deployer, {
    abi: liquidityRouterAbi,
    bytecode: liquidityRouterBytecode,
    args: [],
  })
  token = (await deployDevToken(deployer, { name: 'Token', symbol: 'TKN', decimals: 18 })).token
  taxed = (
    await deployDevToken(deployer, { name: 'Taxed', symbol: 'TAX', decimals: 18, transferFeeBps: 100 })
  ).token
  for (const t of [token, taxed]) {
    for (const hash of [
      await deployer.writeContract({
        address: t,
        abi: devTokenAbi,
        functionName: 'mint',
        args: [user.account.address, parseEther('100')],
      }),
      await user.writeContract({
        address: t,
        abi: devTokenAbi,
        functionName: 'approve',
        args: [router, parseEther('100')],
      }),
    ])
      await waitForReceipt(deployer, { hash })
  }
  snapshot = await deployer.snapshot()
})
beforeEach(async () => {
  await user.revert({ id: snapshot })
  snapshot = await user.snapshot()
})
afterAll(async () => {
  await anvil?.stop()
})

const later = async () => (await user.getBlock()).timestamp + 900n

describe('LiquidityRouter (THORChain router interface)', () => {
  it('forwards a native deposit to the vault and announces it with the memo', async () => {
    const before = await balanceOf(zeroAddress, VAULT)
    const events = await deposit(
      user,
      [VAULT, zeroAddress, parseEther('1'), MEMO, await later()],
      parseEther('1'),
    )
    expect(await balanceOf(zeroAddress, VAULT)).toBe(before + parseEther('1'))
    expect(await balanceOf(zeroAddress, router)).toBe(0n)
    expect(events.map((e) => [e.eventName, e.args])).toEqual([
      ['Deposit', { to: VAULT, asset: zeroAddress, amount: parseEther('1'), memo: MEMO }],
    ])
  })

  it('keeps deposited tokens for the vault, credited by what arrived (a transfer tax is not credited)', async () => {
    const events = await deposit(user, [VAULT, taxed, parseEther('10'), MEMO, await later()])
    expect(events[0]?.args).toEqual({ to: VAULT, asset: taxed, amount: parseEther('9.9'), memo: MEMO })
    expect(
      await user.readContract({
        address: router,
        abi: liquidityRouterAbi,
        functionName: 'vaultAllowance',
        args: [VAULT, taxed],
      }),
    ).toBe(parseEther('9.9'))
  })

  it('lets only that vault pay the tokens out, up to what was deposited to it', async () => {
    await deposit(user, [vault.account.address, token, parseEther('5'), MEMO, await later()])
    const receiver = getAddress('0x000000000000000000000000000000000000bEEF'.toLowerCase())
    expect(await revertName(transferOut(user, [receiver, token, parseEther('1'), 'OUT:abc']))).toBe(
      'InsufficientAllowance',
    )
    const events = await transferOut(vault, [receiver, token, parseEther('2'), 'OUT:abc'])
    expect(events[0]?.args).toEqual({
      vault: vault.account.address,
      to: receiver,
      asset: token,
      amount: parseEther('2'),
      memo: 'OUT:abc',
    })
    expect(await balanceOf(token, receiver)).toBe(parseEther('2'))
    expect(await revertName(transferOut(vault, [receiver, token, parseEther('3.1'), 'OUT:abc']))).toBe(
      'InsufficientAllowance',
    )
  })

  it('refuses an expired deposit and a value that does not match the amount', async () => {
    const now = (await user.getBlock()).timestamp
    expect(await revertName(deposit(user, [VAULT, zeroAddress, 1n, MEMO, now], 1n))).toBe('Expired')
    expect(await revertName(deposit(user, [VAULT, zeroAddress, 2n, MEMO, await later()], 1n))).toBe(
      'InvalidAmount',
    )
    expect(await revertName(deposit(user, [VAULT, token, 2n, MEMO, await later()], 1n))).toBe('InvalidAmount')
  })
})
