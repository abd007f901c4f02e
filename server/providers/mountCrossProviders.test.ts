import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../errors'
import { createMarkets } from '../market/createMarkets'
import { createStore, type Store } from '../store/createStore'
import { recordCrossTradeStatus } from '../store/crossTrades'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { createTestApp } from '../testing/createTestApp'
import { createFakeDeployments } from '../testing/fakeDeployments'
import { mountCrossProviders } from './mountCrossProviders'

const BTC = -3980891822
const RECEIVER = '0x00000000000000000000000000000000000b0b01'
const ORIGIN = 'ab'.repeat(32)

/**
 * A THORNode that is slow at the server's start (the fault test's restart under load): while `stalled`, it
 * accepts every request and never answers; then it answers as a network serving BTC and ETH would.
 */
const thornode = {
  stalled: true,
  requests: [] as string[],
  held: [] as ServerResponse[],
}
const answer = (req: IncomingMessage, res: ServerResponse) => {
  thornode.requests.push(`${thornode.stalled ? 'stalled' : 'answered'} ${req.url?.split('?')[0]}`)
  if (thornode.stalled) {
    thornode.held.push(res)
    return
  }
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }
  const url = req.url ?? ''
  if (url === '/thorchain/inbound_addresses')
    return json(200, [
      { chain: 'BTC', address: 'bc1qvault0000000000000000000000000000000', halted: false },
      {
        chain: 'ETH',
        address: '0x00000000000000000000000000000000000fa017',
        router: '0x00000000000000000000000000000000000fa018',
        halted: false,
      },
    ])
  if (url === '/thorchain/pools') return json(200, [])
  if (url.startsWith('/thorchain/quote/swap'))
    return json(200, {
      inbound_address: 'bc1qvault0000000000000000000000000000000',
      expected_amount_out: '2500000',
      fees: {
        asset: 'ETH.ETH',
        affiliate: '0',
        outbound: '10000',
        liquidity: '20000',
        total: '30000',
        slippage_bps: 8,
        total_bps: 12,
      },
      memo: `=:ETH.ETH:${RECEIVER}:2400000`,
      recommended_min_amount_in: '10000',
      expiry: Math.floor(Date.now() / 1000) + 900,
      total_swap_seconds: 600,
    })
  return json(404, { code: 5, message: 'not found' })
}
const server = createServer(answer)

let port = 0
let dataDir = ''
let store: Store

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mount-cross-'))
  store = await createStore({ dataDir })
  port = await allocateTestPorts(1)
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
})
afterAll(async () => {
  for (const res of thornode.held) res.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  await store?.close()
  await rm(dataDir, { recursive: true, force: true })
})

const quotePath = `/trade/v1/${BTC}/quote/cross?${new URLSearchParams({
  fromTokenAddress: '0x0000000000000000000000000000000000000000',
  toTokenAddress: '0x0000000000000000000000000000000000000000',
  amount: '10000000',
  destinationChainId: '1',
  sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  receiver: RECEIVER,
  slippage: '0.01',
})}`

describe('mountCrossProviders when THORNode does not answer at the start', () => {
  it('mounts the liquidity network anyway: stored trades answer, quotes 503 until THORNode answers, then quote', async () => {
    const deployments = createFakeDeployments()
    const markets = createMarkets({ deployments, pollIntervalMs: 1_000 })
    const unavailable: string[] = []
    const cross = await mountCrossProviders({
      deployments,
      markets,
      liquidityNetwork: { thornodeUrl: `http://127.0.0.1:${port}` },
      addressNetwork: 'mainnet',
      onUnavailable: (provider) => unavailable.push(provider),
    })
    expect(unavailable).toEqual(['thorchain'])
    expect(cross.providers.map((p) => p.id)).toEqual(['thorchain'])
    await recordCrossTradeStatus(store.db, {
      providerId: 'thorchain',
      sourceChainId: BTC,
      destinationChainId: 1,
      originTxHash: ORIGIN,
      state: 'DELIVERED',
      destinationTxHash: `0x${'cd'.repeat(32)}`,
      amountReceived: 25_000_000_000_000_000n,
      receivedDifferentTokens: false,
    })
    const { app } = createTestApp({ deployments, markets, store, cross })

    // the trade is in the store: it answers from there, whatever THORNode does
    const tx = await app.request(`/trade/v1/info/tx/${ORIGIN}`)
    expect([tx.status, await tx.json()]).toEqual([
      200,
      {
        srcTxHash: ORIGIN,
        dstTxHash: `0x${'cd'.repeat(32)}`,
        srcChainId: BTC,
        dstChainId: 1,
        status: 'DELIVERED',
        amountReceived: '25000000000000000',
        tokenReceived: null,
        tradeProtocol: 'CROSS_CHAIN_THORCHAIN',
        receivedDifferentTokens: false,
        refunded: false,
        providerInfo: cross.providers[0]?.info,
      },
    ])
    // THORNode still silent: the outage answer, not a 404 or a route that does not exist
    const outage = await app.request(quotePath)
    expect([outage.status, ((await outage.json()) as { error?: { code: string } }).error?.code]).toEqual([
      503,
      'UPSTREAM_UNAVAILABLE',
    ])

    thornode.stalled = false
    for (const res of thornode.held.splice(0)) res.destroy()
    // the client holds an outage for 3 s before asking again
    let quote: Response | undefined
    for (const startedAt = Date.now(); Date.now() - startedAt < 15_000; ) {
      quote = await app.request(quotePath)
      if (quote.status !== 503) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const quotes = (await quote?.json()) as {
      tradeProtocol: string
      to: string
      dstTrade: { toTokenAmount: string }
    }[]
    expect([quote?.status, quotes.map((q) => [q.tradeProtocol, q.to, q.dstTrade.toTokenAmount])]).toEqual([
      200,
      [['CROSS_CHAIN_THORCHAIN', 'bc1qvault0000000000000000000000000000000', '25000000000000000']],
    ])
    expect(thornode.requests).toContain('answered /thorchain/inbound_addresses')

    const chains = await app.request('/trade/v1/info/chains?format=list')
    const records = (await chains.json()) as { chainId: number; flows?: { utxo: boolean } }[]
    expect(records.filter((r) => r.flows?.utxo === true).map((r) => r.chainId)).toEqual([1, BTC])
  }, 30_000)
})

describe('mountCrossProviders with a second THORNode (thornodeCheckUrl)', () => {
  const VAULT = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
  /** `/a` and `/b` are two THORNodes: `/b` names `checkVault` as the BTC vault. */
  let checkVault = VAULT
  const nodes = createServer((req, res) => {
    const vault = req.url?.startsWith('/b/') ? checkVault : VAULT
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify([{ chain: 'BTC', address: vault, halted: false }]))
  })
  let nodesPort = 0
  beforeAll(async () => {
    nodesPort = await allocateTestPorts(1)
    await new Promise<void>((resolve) => nodes.listen(nodesPort, '127.0.0.1', resolve))
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => nodes.close(() => resolve()))
  })

  it('builds a deposit only when the second THORNode names the same vault', async () => {
    const deployments = createFakeDeployments()
    const cross = await mountCrossProviders({
      deployments,
      markets: createMarkets({ deployments, pollIntervalMs: 1_000 }),
      liquidityNetwork: {
        thornodeUrl: `http://127.0.0.1:${nodesPort}/a`,
        thornodeCheckUrl: `http://127.0.0.1:${nodesPort}/b`,
      },
      addressNetwork: 'mainnet',
    })
    const btcToEth = {
      providerId: 'thorchain',
      request: {
        from: { chainId: BTC, address: '0x0000000000000000000000000000000000000000', decimals: 8 },
        to: { chainId: 1, address: '0x0000000000000000000000000000000000000000', decimals: 18 },
        amountIn: 10_000_000n,
        sender: VAULT,
        receiver: RECEIVER,
        slippage: 0.01,
      },
      amountOut: 25_000_000_000_000_000n,
      amountOutMin: 24_000_000_000_000_000n,
      fees: [],
      estimatedDurationSec: 600,
      expiresAt: Math.floor(Date.now() / 1000) + 900,
      nativeFee: 0n,
      details: { memo: `=:ETH.ETH:${RECEIVER}:2400000` },
    }
    const build = () =>
      cross.thorchain?.buildTransaction(btcToEth).then(
        (tx) => ('to' in tx ? tx.to : undefined),
        (error: unknown) => (error instanceof AppError ? error.code : error),
      )
    expect(await build()).toBe(VAULT)
    checkVault = 'bc1qotherxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'
    expect(await build()).toBe('UPSTREAM_REFUSED')
  })
})
