import { type Address, getAddress, type Hex, type PublicClient, parseUnits, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sendContractTx } from '../../contracts/deploy/sendContractTx'
import { waitForReceipt } from '../../contracts/deploy/waitForReceipt'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { createSilentLogger } from '../logger'
import type { Markets } from '../market/createMarkets'
import { computeAcrossOutput } from '../providers/across/acrossFees'
import { acrossSpokePoolAbi } from '../providers/across/acrossSpokePoolAbi'
import { createAcrossProvider } from '../providers/across/createAcrossProvider'
import { createStargateProvider } from '../providers/stargate/createStargateProvider'
import { createThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import type { ThornodeClient } from '../providers/thorchain/createThornodeClient'
import { getCrossTradeByOrigin } from '../store/crossTrades'
import { type DevnetHarness, startDevnetHarness } from '../testing/devnetHarness'

const BTC = -3980891822

let h: DevnetHarness

beforeAll(async () => {
  h = await startDevnetHarness({
    chainIds: [1, 42161],
    crossProviders: ({ deployments, markets }) => [
      createAcrossProvider({ deployments, markets }),
      createStargateProvider({ deployments, markets }),
    ],
  })
}, 600_000)

afterAll(async () => {
  await h?.stop()
})

/** `markets` whose chain clients count every call (`<chainId>:<method>`) before passing it on. */
function countingMarkets(markets: Markets, calls: string[]): Markets {
  const countClient = (chainId: number, client: PublicClient): PublicClient =>
    new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver)
        if (typeof value !== 'function') return value
        return (...args: unknown[]) => {
          calls.push(`${chainId}:${String(property)}`)
          return Reflect.apply(value, target, args)
        }
      },
    })
  const countMarket = (market: ReturnType<Markets['get']>) => {
    const client = countClient(market.chainId, market.client)
    return new Proxy(market, {
      get: (target, property, receiver) =>
        property === 'client' ? client : Reflect.get(target, property, receiver),
    })
  }
  return {
    ...markets,
    get: (chainId) => countMarket(markets.get(chainId)),
    all: () => markets.all().map(countMarket),
  }
}

/** A liquidity network that has observed nothing, counting the lookups it is asked. */
function countingThornode(calls: string[]): ThornodeClient {
  return {
    inboundAddresses: async () => [],
    pools: async () => [],
    quoteSwap: async () => {
      throw new Error('not used')
    },
    actions: async () => [],
    txStatus: async (hash) => {
      calls.push(`thornode:txStatus:${hash}`)
      return undefined
    },
  }
}

/** An app on the harness's chains and store whose every upstream call is counted into `calls`. */
function countingApp(calls: string[]) {
  const markets = countingMarkets(h.markets, calls)
  return createApp({
    config: loadConfig({
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE_IP: '0',
      RATE_LIMIT_PER_MINUTE_KEY: '0',
    }),
    deployments: h.deployments,
    logger: createSilentLogger(),
    markets,
    store: h.store,
    distDir: '/nonexistent/dist',
    cross: {
      providers: [
        createAcrossProvider({ deployments: h.deployments, markets }),
        createStargateProvider({ deployments: h.deployments, markets }),
        createThorchainProvider({ client: countingThornode(calls), chainIds: [1, BTC] }),
      ],
    },
  })
}

const lookUp = async (request: (path: string) => Response | Promise<Response>, hash: string) => {
  const res = await request(`/trade/v1/info/tx/${hash}`)
  const body = (await res.json()) as { error?: { code: string }; status?: string; srcChainId?: number }
  return { status: res.status, body }
}

/** Quotes USDC 1 -> 42161 through the API, builds the Across offer and sends it from dev account 7. */
async function tradeAcrossThroughOurEntry(amount: bigint): Promise<Hex> {
  await h.refreshAll()
  const wallet = h.walletClient(1, 7)
  const query = new URLSearchParams({
    fromTokenAddress: h.token(1, 'USDC').address,
    toTokenAddress: h.token(42161, 'USDC').address,
    amount: amount.toString(),
    destinationChainId: '42161',
    sender: wallet.account.address,
    receiver: '0x00000000000000000000000000000000000a0f01',
    slippage: '0.01',
    disableEstimate: 'true',
  })
  const offers = (await (await h.request(`/trade/v1/1/quote/cross?${query}`)).json()) as {
    tradeProtocol: string
    transactionData: unknown
  }[]
  const offer = offers.find((o) => o.tradeProtocol === 'CROSS_CHAIN_ACROSS')
  if (offer === undefined) throw new Error('no Across offer')
  const posted = await h.request('/trade/v1/1/swap/cross', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ transactionData: offer.transactionData, account: wallet.account.address }),
  })
  const swap = (await posted.json()) as { to: Address; data: Hex; approvalAddress: Address }
  await h.approve(wallet, h.token(1, 'USDC').address, getAddress(swap.approvalAddress))
  const hash = await wallet.sendTransaction({ to: swap.to, data: swap.data })
  expect((await waitForReceipt(wallet, { hash })).status).toBe('success')
  return hash
}

describe('info/tx serves only our own trades, from the store first, and remembers misses', () => {
  it('a SpokePool deposit made directly on the devnet (not through our AcrossEntry) is not found and not stored', async () => {
    const wallet = h.walletClient(1, 5)
    const usdc1 = h.token(1, 'USDC').address
    const spokePool = h.deployment(1).across?.spokePool
    if (spokePool === undefined) throw new Error('no SpokePool on chain 1')
    await h.approve(wallet, usdc1, spokePool)
    const amount = parseUnits('100', 6)
    const { timestamp } = await wallet.getBlock()
    const hash = await sendContractTx(wallet, {
      address: spokePool,
      abi: acrossSpokePoolAbi,
      functionName: 'depositV3',
      args: [
        wallet.account.address,
        '0x00000000000000000000000000000000000a0f00',
        usdc1,
        h.token(42161, 'USDC').address,
        amount,
        computeAcrossOutput(amount, 6, 6).outputAmount,
        42161n,
        zeroAddress,
        Number(timestamp),
        Number(timestamp) + 600,
        0,
        '0x',
      ],
    })
    expect(await lookUp((path) => h.request(path), hash)).toEqual({
      status: 404,
      body: expect.objectContaining({ error: expect.objectContaining({ code: 'NOT_FOUND' }) }),
    })
    expect(await getCrossTradeByOrigin(h.store.db, hash)).toBeUndefined()
  }, 120_000)

  it('our own Across trade is found and stored; then answered from the store with zero upstream calls', async () => {
    const hash = await tradeAcrossThroughOurEntry(parseUnits('500', 6))
    const calls: string[] = []
    const app = countingApp(calls)
    const first = await lookUp((path) => app.request(path), hash)
    expect(first).toEqual({
      status: 200,
      body: expect.objectContaining({ status: 'INFLIGHT', srcChainId: 1, dstChainId: 42161 }),
    })
    expect((await getCrossTradeByOrigin(h.store.db, hash))?.state).toBe('INFLIGHT')
    // the receipt asked of both chains at once, then Across's fill scan on 42161 and refund scan on 1; Stargate
    // sees the receipt handed over and asks nothing; Across answers before the network is asked
    expect(calls.sort()).toEqual([
      '1:getContractEvents',
      '1:getTransactionReceipt',
      '42161:getContractEvents',
      '42161:getTransactionReceipt',
    ])
    calls.length = 0
    const second = await lookUp((path) => app.request(path), hash)
    expect(second).toEqual(first)
    expect(calls).toEqual([])
  }, 300_000)

  it('junk hashes: the first lookup asks each chain and the network once (the network alone for a non-EVM hash); a second within the TTL makes zero upstream calls', async () => {
    const calls: string[] = []
    const app = countingApp(calls)
    const evmJunk = `0x${'5a'.repeat(32)}`
    const utxoJunk = '7b'.repeat(32)
    expect((await lookUp((path) => app.request(path), evmJunk)).status).toBe(404)
    expect(calls.sort()).toEqual([
      '1:getTransactionReceipt',
      '42161:getTransactionReceipt',
      `thornode:txStatus:${evmJunk}`,
    ])
    calls.length = 0
    expect((await lookUp((path) => app.request(path), utxoJunk)).status).toBe(404)
    expect(calls).toEqual([`thornode:txStatus:${utxoJunk}`])
    calls.length = 0
    for (const hash of [evmJunk, evmJunk.toUpperCase().replace('0X', '0x'), utxoJunk])
      expect((await lookUp((path) => app.request(path), hash)).status).toBe(404)
    expect(calls).toEqual([])
  }, 60_000)
})
