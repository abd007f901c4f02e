import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createThorchainProvider } from '../providers/thorchain/createThorchainProvider'
import { createThornodeClient } from '../providers/thorchain/createThornodeClient'
import { createTestApp } from '../testing/createTestApp'
import { openMemoryStore } from '../testing/openMemoryStore'

const BTC = -3980891822
const PINNED: Address = '0x00000000000000000000000000000000000fa018'
const SPOOFED = '0x00000000000000000000000000000000000bad01'

let store: Awaited<ReturnType<typeof openMemoryStore>>
beforeAll(async () => {
  store = await openMemoryStore()
})
afterAll(async () => {
  await store?.close()
})

/** The app over a THORNode (answered in-process) whose Ethereum inbound names `router`; chain 1's router pinned. */
const appWith = (router: string) => {
  const client = createThornodeClient({
    baseUrl: 'https://thornode.test',
    fetch: async () =>
      Response.json([
        { chain: 'BTC', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', halted: false },
        { chain: 'ETH', address: '0x00000000000000000000000000000000000fa017', router, halted: false },
      ]),
  })
  const thorchain = createThorchainProvider({
    client,
    chainIds: [1, BTC],
    pinnedRouters: new Map([[1, PINNED]]),
  })
  return createTestApp({ store, cross: { providers: [thorchain], thorchain } }).app
}

describe('the inbound-address paths over a THORNode naming a router other than the pinned one', () => {
  it.each([
    ['the pinned router', PINNED, [200, undefined, undefined]],
    [
      'another router',
      SPOOFED,
      [
        502,
        'UPSTREAM_REFUSED',
        `THORNode names router ${SPOOFED} on chain 1, not the pinned ${PINNED}: its answer is refused`,
      ],
    ],
  ])('%s', async (_name, router, expected) => {
    const app = appWith(router)
    for (const path of ['/info/provider-inbound-address', '/trade/info/thorchain-inbound-address']) {
      const res = await app.request(path)
      const body = (await res.json()) as { message?: string; error?: { code: string } }
      expect([
        path,
        res.status,
        body.error?.code,
        body.error === undefined ? undefined : body.message,
      ]).toEqual([path, ...expected])
    }
  })
})
