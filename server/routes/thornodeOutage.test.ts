import { createServer, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import { createThornodeClient } from '../providers/thorchain/createThornodeClient'
import { allocateTestPorts } from '../testing/allocateTestPorts'
import { createTestApp } from '../testing/createTestApp'
import { openMemoryStore } from '../testing/openMemoryStore'

/** 503 within 2 s (measured well under); the bound leaves a loaded CI machine room, the old 4.7 s still fails. */
const OUTAGE_ANSWER_MS = 3_500

/** A THORNode that froze: it accepts connections and never answers. */
const sockets: Socket[] = []
const frozen = createServer((socket) => sockets.push(socket))
let port = 0
// started before the clock runs: PGlite's WASM start-up holds the event loop for seconds on a loaded machine
let store: Awaited<ReturnType<typeof openMemoryStore>>

beforeAll(async () => {
  store = await openMemoryStore()
  port = await allocateTestPorts(1)
  await new Promise<void>((resolve) => frozen.listen(port, '127.0.0.1', resolve))
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => frozen.close(() => resolve()))
  await store?.close()
})

const BTC = -3980891822

const appWith = (client: ReturnType<typeof createThornodeClient>) => {
  const thorchain = createThorchainProvider({ client, chainIds: [1, BTC] })
  return createTestApp({ store, cross: { providers: [thorchain], thorchain } }).app
}

describe('the inbound-address paths when THORNode is out', () => {
  it.each([
    ['frozen', () => createThornodeClient({ baseUrl: `http://127.0.0.1:${port}` })],
    [
      'behind a gateway answering 502',
      () =>
        createThornodeClient({
          baseUrl: 'http://thornode.test',
          fetch: async () => new Response('<html>Bad Gateway</html>', { status: 502 }),
        }),
    ],
  ])('%s: 503 UPSTREAM_UNAVAILABLE within 2 s on both paths', async (_name, client) => {
    const app = appWith(client())
    for (const path of ['/info/provider-inbound-address', '/trade/info/thorchain-inbound-address']) {
      const startedAt = Date.now()
      const res = await app.request(path)
      const body = (await res.json()) as { error?: { code: string } }
      expect([path, res.status, body.error?.code]).toEqual([path, 503, 'UPSTREAM_UNAVAILABLE'])
      expect(Date.now() - startedAt).toBeLessThan(OUTAGE_ANSWER_MS)
    }
  })
})

describe('a cross quote when THORNode is frozen', () => {
  it('BTC to ETH: 503 UPSTREAM_UNAVAILABLE within 2 s, though the quote asks THORNode twice', async () => {
    const app = appWith(createThornodeClient({ baseUrl: `http://127.0.0.1:${port}` }))
    const query = new URLSearchParams({
      fromTokenAddress: '0x0000000000000000000000000000000000000000',
      toTokenAddress: '0x0000000000000000000000000000000000000000',
      amount: '10000000',
      destinationChainId: '1',
      sender: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      receiver: '0x00000000000000000000000000000000000b0b01',
      slippage: '0.01',
    })
    const startedAt = Date.now()
    const res = await app.request(`/trade/v1/${BTC}/quote/cross?${query}`)
    const body = (await res.json()) as { error?: { code: string } }
    expect([res.status, body.error?.code]).toEqual([503, 'UPSTREAM_UNAVAILABLE'])
    expect(Date.now() - startedAt).toBeLessThan(OUTAGE_ANSWER_MS)
  })
})
