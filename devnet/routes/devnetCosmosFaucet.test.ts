import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing'
import { sha256 } from '@noble/hashes/sha2'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getChainInfo } from '../../server/chains/chainInfo'
import { allocateTestPorts } from '../../server/testing/allocateTestPorts'
import { createTestApp } from '../../server/testing/createTestApp'
import { openMemoryStore } from '../../server/testing/openMemoryStore'
import { cosmosHubSpec } from '../cosmos/cosmosHubSpec'
import { type CosmosNode, createCosmosNode } from '../cosmos/createCosmosNode'
import { serveCosmosRpc } from '../cosmos/serveCosmosRpc'
import { createDevnetCosmosChain } from '../cosmosWallet/createDevnetCosmosChain'
import { createDevnetCosmosRoutes } from './createDevnetCosmosRoutes'

const spec = cosmosHubSpec()
const ATOM = -978111860
/** Longer than it takes to sign and broadcast several payments, so a batch lands in one or two blocks. */
const BLOCK_MS = 1_500
const MAX_WAITING = 4

const addressOf = async (name: string) => {
  const wallet = await DirectSecp256k1Wallet.fromKey(
    sha256(new TextEncoder().encode(`devnet cosmos faucet ${name}`)),
    'cosmos',
  )
  return (await wallet.getAccounts())[0]?.address ?? ''
}

describe('the devnet Cosmos faucet under concurrent requests', () => {
  let node: CosmosNode
  let rpc: { url: string; close(): Promise<void> }
  let app: ReturnType<typeof createTestApp>['app']
  let store: Awaited<ReturnType<typeof openMemoryStore>>

  beforeAll(async () => {
    store = await openMemoryStore()
    node = await createCosmosNode({ spec, blockIntervalMs: BLOCK_MS })
    node.start()
    rpc = await serveCosmosRpc(node, { host: '127.0.0.1', port: await allocateTestPorts(1) })
    const info = getChainInfo(ATOM)
    if (info?.family !== 'cosmos') throw new Error('no Cosmos Hub chain info')
    const chain = createDevnetCosmosChain({
      spec,
      info,
      rpcUrl: rpc.url,
      pollMs: 50,
      maxWaiting: MAX_WAITING,
    })
    app = createTestApp({
      store,
      isDevnet: true,
      routes: [createDevnetCosmosRoutes({ chains: [chain] })],
    }).app
  })
  afterAll(async () => {
    await node.stop()
    await rpc.close()
    await store?.close()
  })

  const fund = async (address: string) => {
    const res = await app.request(`/devnet/cosmos/${ATOM}/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address }),
    })
    return { status: res.status, body: (await res.json()) as { txHash?: string; error?: { code: string } } }
  }

  it('pays several requests in one block, not one per block', async () => {
    const addresses = await Promise.all([0, 1, 2, 3].map((i) => addressOf(`batch ${i}`)))
    const paid = await Promise.all(addresses.map(fund))
    expect(paid.map((p) => p.status)).toEqual([200, 200, 200, 200])
    const heights = new Set(paid.map((p) => node.ledger.getTx(p.body.txHash ?? '')?.height))
    // signing and broadcasting take milliseconds: a block boundary may split them once, never four times
    expect(heights.size).toBeLessThanOrEqual(2)
    expect(heights.has(undefined)).toBe(false)
  })

  it(`refuses beyond ${MAX_WAITING} payments waiting for a block with 429 RATE_LIMITED, and pays again after`, async () => {
    const addresses = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => addressOf(`queue ${i}`)))
    const answers = await Promise.all(addresses.map(fund))
    expect(answers.map((a) => [a.status, a.body.error?.code])).toEqual([
      [200, undefined],
      [200, undefined],
      [200, undefined],
      [200, undefined],
      [429, 'RATE_LIMITED'],
      [429, 'RATE_LIMITED'],
    ])
    expect((await fund(addresses[5] ?? '')).status).toBe(200)
  })
})
