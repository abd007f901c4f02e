import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CrossChainProvider, ProviderRetryTransaction } from '../providers/types'
import { recordCrossTradeStatus } from '../store/crossTrades'
import { openTestStore, type TestStore } from '../store/openTestStore'
import { createTestApp } from '../testing/createTestApp'

const stuckHash = `0x${'5a'.repeat(32)}`
const otherHash = `0x${'5b'.repeat(32)}`
const endpoint = '0x1a44076050125825900e736c501f859c50fE728c'
const retryOf = (id: string): ProviderRetryTransaction => ({
  chainId: 8453,
  to: endpoint,
  data: `0x91d20fa1${id === 'first' ? '01' : '02'}`,
  value: 0n,
  gas: 815_424n,
})

/** A provider that retries `stuckHash` only, recording every hash it is asked about. */
function createRetryingProvider(id: string, asked: string[]): CrossChainProvider {
  return {
    id,
    tradeProtocol: 'CROSS_CHAIN_FAKE',
    contractVersion: 'v2',
    flow: 'crossChain',
    info: { name: id, logo: '', website: '', docsLink: '', description: '' },
    chainIds: [1, 8453],
    serves: () => true,
    quote: async () => [],
    buildTransaction: async () => {
      throw new Error('not used')
    },
    track: async () => undefined,
    buildRetry: async (hash) => {
      asked.push(`${id}:${hash}`)
      return hash === stuckHash ? retryOf(id) : undefined
    },
  }
}

let store: TestStore

beforeAll(async () => {
  store = await openTestStore({ name: 'pglite' })
}, 120_000)

afterAll(async () => {
  await store?.destroy()
})

describe('GET /trade/v1/info/tx/{txHash}/retry', () => {
  it("answers the stored trade's provider's retry, amounts as decimal strings; nothing to retry is 404 NOT_FOUND", async () => {
    const asked: string[] = []
    const { app } = createTestApp({
      store,
      cross: { providers: [createRetryingProvider('first', asked), createRetryingProvider('second', asked)] },
    })
    await recordCrossTradeStatus(store.db, {
      providerId: 'second',
      sourceChainId: 1,
      destinationChainId: 8453,
      originTxHash: stuckHash,
      state: 'INFLIGHT',
      subStatus: 'COMPOSE_FAILED',
      receivedDifferentTokens: false,
    })
    const stuck = await app.request(`/trade/v1/info/tx/${stuckHash}/retry`)
    expect(stuck.status).toBe(200)
    expect(await stuck.json()).toEqual({
      chainId: 8453,
      to: endpoint,
      data: '0x91d20fa102',
      value: '0',
      gasLimit: '815424',
    })
    expect(asked).toEqual([`second:${stuckHash}`])

    // not stored: every provider that retries is asked, none has anything
    const none = await app.request(`/trade/v1/info/tx/${otherHash}/retry`)
    expect(none.status).toBe(404)
    expect(await none.json()).toMatchObject({ error: { code: 'NOT_FOUND', details: { txHash: otherHash } } })
    expect(asked).toEqual([`second:${stuckHash}`, `first:${otherHash}`, `second:${otherHash}`])

    const info = await app.request(`/trade/v1/info/tx/${stuckHash}`)
    expect(await info.json()).toMatchObject({ status: 'INFLIGHT', subStatus: 'COMPOSE_FAILED' })
  })

  it('a malformed hash is 400 INVALID_PARAMS, asking no provider', async () => {
    const asked: string[] = []
    const { app } = createTestApp({ store, cross: { providers: [createRetryingProvider('first', asked)] } })
    const res = await app.request('/trade/v1/info/tx/0x1234/retry')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ error: { code: 'INVALID_PARAMS' } })
    expect(asked).toEqual([])
  })
})
