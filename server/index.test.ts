import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, startAnvil } from '../devnet/startAnvil'
import { type RunningServer, startServer } from './index'
import { createLogger } from './logger'
import { allocateTestPorts } from './testing/allocateTestPorts'
import { createFakeDeployments } from './testing/fakeDeployments'

/**
 * A JSON-RPC relay to `upstream` that holds every `eth_getLogs` until `open()`: a first pool load caught in its
 * discovery for as long as the test likes (the trade watcher's log reads wait too).
 */
async function startGatedRelay(upstream: string) {
  let open = false
  const held: (() => void)[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString()
      if (!open && body.includes('"eth_getLogs"')) await new Promise<void>((resolve) => held.push(resolve))
      const answer = await fetch(upstream, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(await answer.text())
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address !== 'object') throw new Error('relay has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    open() {
      open = true
      for (const release of held.splice(0)) release()
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('startServer while a chain loads its pools', () => {
  let anvil: AnvilInstance
  let relay: Awaited<ReturnType<typeof startGatedRelay>>
  let dataDir: string
  let running: RunningServer | undefined

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 1, port: await allocateTestPorts(1) })
    relay = await startGatedRelay(anvil.rpcUrl)
    dataDir = await mkdtemp(path.join(tmpdir(), 'start-loading-'))
  })
  afterAll(async () => {
    relay?.open()
    await running?.close()
    await relay?.close()
    await anvil?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  })

  it('listens before the first load ends: /health says how far, quotes answer 503 CHAIN_LOADING; resolves once loaded', async () => {
    const port = await allocateTestPorts(1)
    const [deployment] = createFakeDeployments({ rpcUrls: { 1: relay.url } })
    if (deployment === undefined) throw new Error('no fake deployment')
    const starting = startServer({
      env: { DATA_DIR: dataDir, PORT: String(port), ROUTING_WORKERS: '0', QUOTE_WARM_UP: 'false' },
      logger: createLogger({ level: 'silent' }),
      network: async () => ({
        kind: 'network',
        deployments: [deployment],
        liquidityNetwork: undefined,
        addressNetwork: 'mainnet',
        following: { tradeConfirmations: 0, tradePollMs: 1_000, crossFollowMs: 1_000, watchLiveness: false },
        gasless: { account: undefined, intervalMs: 1_000 },
        routes: [],
        ready: Promise.resolve(),
        close: async () => undefined,
      }),
    })
    let resolved = false
    void starting.then(() => {
      resolved = true
    })
    const base = `http://127.0.0.1:${port}`
    // the discovery's log read is held: the load stays there, at block 0 of the chain's one block
    const discovering = { status: 'loading', phase: 'discovering', blocksScanned: 0, blocksToScan: 1 }
    let health: { status: number; body: unknown } | undefined
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const res = await fetch(`${base}/health`).catch(() => undefined)
      health = res && { status: res.status, body: await res.json() }
      const pools = (health?.body as { chains?: { pools: { phase?: string } }[] } | undefined)?.chains?.[0]
        ?.pools
      if (pools?.phase === 'discovering') break
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(health).toEqual({
      status: 503,
      body: {
        status: 'loading',
        database: 'ok',
        chains: [{ chainId: 1, blockNumber: 0, pools: discovering }],
      },
    })
    const query = new URLSearchParams({
      fromTokenAddress: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
      toTokenAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      amount: '1000000000000000000',
    })
    const quote = await fetch(`${base}/trade/v1/1/quote/single?${query}`, {
      headers: { 'x-request-id': 'while-loading' },
    })
    expect([quote.status, await quote.json()]).toEqual([
      503,
      {
        statusCode: 503,
        message:
          'Chain 1 is still loading its pools (discovering pools: 0 of 1 blocks scanned); it answers once they are loaded',
        error: { code: 'CHAIN_LOADING', details: { chainId: 1, pools: discovering } },
        requestId: 'while-loading',
      },
    ])
    expect(resolved).toBe(false)

    relay.open()
    running = await starting
    const ready = await fetch(`${base}/health`)
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: 'ok', database: 'ok', chains: [{ chainId: 1, blockNumber: 0, pools: { status: 'ready' } }] },
    ])
  })
})
