import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  type Address,
  createWalletClient,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  type Hex,
  hexToNumber,
  http,
  type PublicClient,
  slice,
  zeroAddress,
} from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aggregatorAbi } from '../../contracts/artifacts'
import { devMnemonic } from '../../devnet/devAccounts'
import { type Devnet, startDevnet } from '../../devnet/startDevnet'
import { createApp } from '../app'
import { createApiKey } from '../auth/createApiKey'
import { loadConfig } from '../config'
import { createLogger } from '../logger'
import { createMarkets, type Markets } from '../market/createMarkets'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { buildIntegratorTag } from './buildIntegratorTag'
import { getCompanyPublicId } from './getCompanyPublicId'
import { getIntegratorTagSecret } from './getIntegratorTagSecret'
import { type SyncTradesParams, syncTrades } from './syncTrades'

const account = mnemonicToAccount(devMnemonic, { addressIndex: 7 })
const copier = mnemonicToAccount(devMnemonic, { addressIndex: 8 })
const otherReceiver = mnemonicToAccount(devMnemonic, { addressIndex: 9 }).address
let dataDir: string
let devnet: Devnet
let markets: Markets
let store: TestStore

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'trade-records-'))
  devnet = await startDevnet({
    portBase: await allocateTestPorts(8),
    host: '127.0.0.1',
    dataDir,
    chainIds: [1],
  })
  markets = createMarkets({ deployments: devnet.deployments, pollIntervalMs: 50 })
  await markets.start()
  store = await openTestStore({ name: 'pglite' })
}, 180_000)

afterAll(async () => {
  markets?.stop()
  await store?.destroy()
  await devnet?.stop()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

function buildApp(current: TestStore) {
  return createApp({
    config: loadConfig({}),
    deployments: devnet.deployments,
    logger: createLogger({ level: 'silent' }),
    markets,
    store: current,
    distDir: '/nonexistent',
  })
}

type SwapParamsOverrides = {
  receiver?: Address
  amountOut?: bigint
  integratorId?: Hex
  feeBps?: number
  feeRecipient?: Address
}

/** `data` (a swapExactIn call) with some of its SwapParams replaced. */
function withSwapParams(data: Hex, overrides: SwapParamsOverrides): Hex {
  const decoded = decodeFunctionData({ abi: aggregatorAbi, data })
  if (decoded.functionName !== 'swapExactIn') throw new Error(`unexpected ${decoded.functionName}`)
  const [p, legs] = decoded.args
  return encodeFunctionData({
    abi: aggregatorAbi,
    functionName: 'swapExactIn',
    args: [{ ...p, ...overrides }, legs],
  })
}

async function syncUntilIdle(params: SyncTradesParams) {
  const first = await syncTrades(params)
  expect(first.kind).toBe('advanced')
  for (let i = 0; i < 100; i++) if ((await syncTrades(params)).kind === 'idle') return
  throw new Error('watcher never caught up')
}

describe('trade records through the real aggregator', () => {
  it('attributes a swap quoted with an API key to its company and finds it again after a restart', async () => {
    const acme = await createApiKey(store, { companyName: 'Acme' })
    const other = await createApiKey(store, { companyName: 'Other' })
    const app = buildApp(store)
    const deployment = devnet.deployments[0]
    if (!deployment) throw new Error('no chain 1')
    const usdc = deployment.tokens.find((t) => t.symbol === 'USDC')
    if (!usdc) throw new Error('no USDC')

    const quoteRes = await app.request(
      `/trade/v1/1/quote/single?fromTokenAddress=${zeroAddress}&toTokenAddress=${usdc.address}` +
        `&amount=1000000000000000000&sender=${account.address}&disableEstimate=false`,
      { headers: { 'x-api-key': acme.key } },
    )
    expect(quoteRes.status).toBe(200)
    const [best] = (await quoteRes.json()) as {
      data: `0x${string}`
      to: `0x${string}`
      nativeValue: string
      toTokenAmount: string
      estimateGas: string
    }[]
    if (!best) throw new Error('no quote')

    const market = markets.get(1)
    const tagSecret = await getIntegratorTagSecret(store, undefined)
    const quoted = decodeFunctionData({ abi: aggregatorAbi, data: best.data })
    expect(quoted.functionName).toBe('swapExactIn')
    const quotedTag = (quoted.args[0] as { integratorId: Hex }).integratorId
    // the tag carries its issue time in clear (bytes 16..20); the MAC binds it with the swap and its fee terms
    const issuedAtSec = hexToNumber(slice(quotedTag, 16, 20))
    expect(Math.abs(issuedAtSec - Math.floor(Date.now() / 1000))).toBeLessThan(120)
    const tag = buildIntegratorTag({
      secret: tagSecret,
      companyId: getCompanyPublicId(acme.company.integratorId as Hex),
      chainId: 1,
      aggregator: deployment.aggregator,
      sender: account.address,
      receiver: account.address,
      tokenIn: zeroAddress,
      tokenOut: usdc.address,
      feeRecipient: zeroAddress,
      feeBps: 0,
      issuedAtSec,
    })
    expect(quotedTag).toBe(tag)
    // The forged swaps get headroom over the quote's estimate: the devnet keeps moving prices.
    const send = async (from: typeof account, data: Hex, gas = (BigInt(best.estimateGas) * 3n) / 2n) => {
      const wallet = createWalletClient({ account: from, transport: http(deployment.rpcUrl) })
      const sent = await wallet.sendTransaction({
        chain: null,
        to: best.to,
        data,
        value: BigInt(best.nativeValue),
        gas,
      })
      const mined = await market.client.waitForTransactionReceipt({ hash: sent, pollingInterval: 20 })
      expect(mined.status).toBe('success')
      return mined
    }
    const receipt = await send(account, best.data, BigInt(best.estimateGas))
    const hash = receipt.transactionHash
    // The same tag used again by its own sender (counted once), copied into another sender's swap, into a swap
    // with a fee the quote did not have, a tag for another receiver, another company's prefix.
    const forged = [
      await send(account, best.data),
      await send(
        account,
        withSwapParams(best.data, {
          integratorId: tag,
          amountOut: 1n,
          feeBps: 10,
          feeRecipient: copier.address,
        }),
      ),
      await send(copier, withSwapParams(best.data, { integratorId: tag, amountOut: 1n })),
      await send(
        account,
        withSwapParams(best.data, { receiver: otherReceiver, integratorId: tag, amountOut: 1n }),
      ),
      await send(
        account,
        withSwapParams(best.data, {
          integratorId: `${getCompanyPublicId(other.company.integratorId as Hex)}${tag.slice(34)}`,
          amountOut: 1n,
        }),
      ),
      await send(
        account,
        withSwapParams(best.data, { integratorId: `0x${'5a'.repeat(16)}${tag.slice(34)}`, amountOut: 1n }),
      ),
    ].map((r) => r.transactionHash)

    await syncUntilIdle({
      store,
      client: market.client as PublicClient,
      chainId: 1,
      aggregator: deployment.aggregator,
      startBlock: deployment.startBlock,
      tagSecret,
    })

    const tradeRes = await app.request(`/trade/v1/info/trade/1/${hash}`)
    expect(tradeRes.status).toBe(200)
    expect(await tradeRes.json()).toMatchObject({
      type: 'SINGLE-CHAIN',
      sender: getAddress(account.address),
      receiver: getAddress(account.address),
      tokenFromAddress: zeroAddress,
      tokenToAddress: getAddress(usdc.address),
      chainIdFrom: 1,
      chainIdTo: 1,
      amount: '1000000000000000000',
      tokensReceived: best.toTokenAmount,
      txHash: hash,
      status: 1,
      blockNumber: Number(receipt.blockNumber),
      gasUsed: receipt.gasUsed.toString(),
    })

    const mine = await app.request('/trade/v1/info/trades', {
      headers: { authorization: `Bearer ${acme.key}` },
    })
    expect(mine.status).toBe(200)
    const mineBody = (await mine.json()) as { trades: { txHash: string }[] }
    expect(mineBody.trades.map((t) => t.txHash)).toEqual([hash])

    const theirs = await app.request('/trade/v1/info/trades', {
      headers: { 'x-api-key': `Bearer ${other.key}` },
    })
    expect(((await theirs.json()) as { trades: unknown[] }).trades).toEqual([])
    for (const forgedHash of forged) {
      const forgedRes = await app.request(`/trade/v1/info/trade/1/${forgedHash}`)
      expect(forgedRes.status).toBe(200)
      expect(await forgedRes.json()).toMatchObject({ txHash: forgedHash, status: 1 })
    }
    expect(new Set(forged).size).toBe(6)
    expect((await app.request('/trade/v1/info/trades')).status).toBe(401)

    store = await store.reopen()
    const afterRestart = await buildApp(store).request('/trade/v1/info/trades', {
      headers: { authorization: `Bearer ${acme.key}` },
    })
    expect(
      ((await afterRestart.json()) as { trades: { txHash: string }[] }).trades.map((t) => t.txHash),
    ).toEqual([hash])
  })
})
