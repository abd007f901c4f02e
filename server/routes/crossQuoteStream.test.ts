import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import type { CrossChainProvider, ProviderQuote } from '../providers/types'
import { createTestApp } from '../testing/createTestApp'
import { readServerSentEvents } from '../testing/readServerSentEvents'

const usdc = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const zero = '0x0000000000000000000000000000000000000000'
const sender = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const config = loadConfig({ INTEGRATOR_TAG_SECRET: 'stream-test-secret-of-32-characters' })

/** A provider between the fake chains 1 and 8453 whose quote resolves when `answer` is awaited (or throws). */
function createProvider(id: string, amountOut: bigint, answer: () => Promise<void> = async () => {}) {
  const provider: CrossChainProvider = {
    id,
    tradeProtocol: `CROSS_CHAIN_${id.toUpperCase()}`,
    contractVersion: 'v2',
    flow: 'crossChain',
    info: { name: id, logo: '', website: '', docsLink: '', description: '' },
    chainIds: [1, 8453],
    serves: (a, b) => a !== b && [1, 8453].includes(a) && [1, 8453].includes(b),
    async quote(request): Promise<ProviderQuote[]> {
      await answer()
      return [
        {
          providerId: id,
          request,
          amountOut,
          amountOutMin: (amountOut * 99n) / 100n,
          fees: [],
          estimatedDurationSec: 60,
          expiresAt: 4_000_000_000,
          nativeFee: 0n,
          details: {},
        },
      ]
    },
    async buildTransaction(quote) {
      return { family: 'evm', chainId: 1, to: usdc, data: '0x', value: quote.nativeFee }
    },
    async track() {
      return undefined
    },
  }
  return provider
}

const query = (extra: Record<string, string> = {}) =>
  new URLSearchParams({
    fromTokenAddress: usdc,
    toTokenAddress: zero,
    amount: '100000000',
    destinationChainId: '8453',
    sender,
    disableEstimate: 'true',
    ...extra,
  }).toString()

const streamHeaders = { headers: { accept: 'text/event-stream' } }

describe('quote/cross as server-sent events', () => {
  it('sends the fast offer before the slow provider answers, then the slow one, then the ranking', async () => {
    let release: () => void = () => {}
    const slowAnswered = new Promise<void>((resolve) => {
      release = resolve
    })
    let slowDone = false
    const providers = [
      createProvider('fast', 99_000_000n),
      createProvider('slow', 99_500_000n, async () => {
        await slowAnswered
        slowDone = true
      }),
    ]
    const { app } = createTestApp({ config, cross: { providers } })
    const res = await app.request(`/trade/v1/1/quote/cross?${query()}`, streamHeaders)
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/event-stream'])
    const next = readServerSentEvents(res)
    const first = await next()
    expect(slowDone).toBe(false)
    expect(first?.event).toBe('offer')
    expect(first?.id).toBe('0')
    release()
    const second = await next()
    expect([second?.event, second?.id]).toEqual(['offer', '1'])
    expect(await next()).toEqual({ event: 'end', data: { ranking: [1, 0], failures: [] } })
    expect(await next()).toBeUndefined()
    // each offer is the JSON answer's element of its provider, mac included; the JSON answer ranks them
    const json = (await (await app.request(`/trade/v1/1/quote/cross?${query()}`)).json()) as {
      tradeProtocol: string
    }[]
    expect(json.map((q) => q.tradeProtocol)).toEqual(['CROSS_CHAIN_SLOW', 'CROSS_CHAIN_FAST'])
    expect([first?.data, second?.data]).toEqual([json[1], json[0]])
  })

  it('names the providers that gave nothing in `end`, with why', async () => {
    const providers = [
      createProvider('up', 99_000_000n),
      createProvider('down', 99_000_000n, async () => {
        throw new Error('down')
      }),
    ]
    const { app } = createTestApp({ config, cross: { providers } })
    const next = readServerSentEvents(await app.request(`/trade/v1/1/quote/cross?${query()}`, streamHeaders))
    expect((await next())?.event).toBe('offer')
    expect(await next()).toEqual({
      event: 'end',
      data: { ranking: [0], failures: [{ provider: 'down', reason: 'error' }] },
    })
  })

  it('no offer at all: one `error` event with the JSON answer’s error body', async () => {
    const providers = [
      createProvider('down', 1n, async () => {
        throw new Error('down')
      }),
    ]
    const { app } = createTestApp({ config, cross: { providers } })
    const plain = await app.request(`/trade/v1/1/quote/cross?${query()}`)
    const plainBody = (await plain.json()) as { error: { code: string }; requestId: string }
    const next = readServerSentEvents(await app.request(`/trade/v1/1/quote/cross?${query()}`, streamHeaders))
    const event = await next()
    expect(plain.status).toBe(503)
    expect(event?.event).toBe('error')
    expect({ ...(event?.data as object), requestId: '' }).toEqual({ ...plainBody, requestId: '' })
    expect(plainBody.error.code).toBe('UPSTREAM_UNAVAILABLE')
    expect(await next()).toBeUndefined()
  })

  it('refusals known before any provider is asked answer as JSON with their status', async () => {
    const { app } = createTestApp({ config, cross: { providers: [createProvider('fast', 99_000_000n)] } })
    const res = await app.request(
      `/trade/v1/1/quote/cross?${query({ destinationChainId: '1' })}`,
      streamHeaders,
    )
    const body = (await res.json()) as { error: { code: string } }
    expect([res.status, res.headers.get('content-type'), body.error.code]).toEqual([
      400,
      'application/json',
      'INVALID_PARAMS',
    ])
  })
})
