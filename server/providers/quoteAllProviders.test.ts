import { afterEach, describe, expect, it, vi } from 'vitest'
import { quoteAllProviders } from './quoteAllProviders'
import type { CrossChainProvider, ProviderQuote, ProviderQuoteRequest } from './types'

const bitcoinChainId = -3980891822
const request: ProviderQuoteRequest = {
  from: { chainId: 1, address: '0x0000000000000000000000000000000000000000', decimals: 18 },
  to: { chainId: bitcoinChainId, address: '0x0000000000000000000000000000000000000000', decimals: 8 },
  amountIn: 10n ** 18n,
  sender: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  receiver: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  slippage: 0.005,
}

/** The example provider: quotes a fixed rate, builds a UTXO-style deposit, tracks from a table. */
function fakeProvider(
  id: string,
  behaviour: { amountsOut?: bigint[]; fails?: boolean; hangs?: boolean; durationSec?: number },
): CrossChainProvider & { aborted: () => boolean } {
  let signal: AbortSignal | undefined
  return {
    id,
    tradeProtocol: 'CROSS_CHAIN_EXAMPLE',
    contractVersion: 'v2',
    info: { name: id, logo: '', website: '', docsLink: '', description: '' },
    flow: 'utxo',
    chainIds: [1, bitcoinChainId],
    serves: () => true,
    aborted: () => signal?.aborted ?? false,
    quote: (req, options) => {
      signal = options.signal
      if (behaviour.hangs) return new Promise<ProviderQuote[]>(() => {})
      if (behaviour.fails) return Promise.reject(new Error(`${id} is down`))
      return Promise.resolve(
        (behaviour.amountsOut ?? []).map((amountOut) => ({
          providerId: id,
          request: req,
          amountOut,
          amountOutMin: (amountOut * 995n) / 1000n,
          fees: [],
          estimatedDurationSec: behaviour.durationSec ?? 600,
          expiresAt: 2_000_000_000,
          nativeFee: 0n,
          details: { memo: `=:BTC.BTC:${req.receiver}` },
        })),
      )
    },
    buildTransaction: (quote) =>
      Promise.resolve({
        family: 'utxo',
        chainId: bitcoinChainId,
        to: 'bc1qvault',
        amount: quote.request.amountIn,
        memo: String(quote.details.memo),
      }),
    track: (originTxHash) =>
      Promise.resolve({
        originTxHash,
        sourceChainId: 1,
        destinationChainId: bitcoinChainId,
        state: 'DELIVERED',
        amountReceived: 5_000_000n,
        receivedDifferentTokens: false,
      }),
  }
}

describe('quoteAllProviders', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('returns every quote best first by amount received, then by minimum, then by speed', async () => {
    const result = await quoteAllProviders(
      [
        fakeProvider('slow', { amountsOut: [5_000_000n], durationSec: 1200 }),
        fakeProvider('fast', { amountsOut: [5_000_000n, 4_900_000n], durationSec: 60 }),
        fakeProvider('best', { amountsOut: [5_100_000n] }),
      ],
      request,
      { timeoutMs: 1000 },
    )
    expect(result.quotes.map((q) => [q.providerId, q.amountOut])).toEqual([
      ['best', 5_100_000n],
      ['fast', 5_000_000n],
      ['slow', 5_000_000n],
      ['fast', 4_900_000n],
    ])
    expect(result.failures).toEqual([])
  })

  it('drops and reports a provider that throws or times out, keeping the others', async () => {
    vi.useFakeTimers()
    const hanging = fakeProvider('hangs', { hangs: true })
    const pending = quoteAllProviders(
      [fakeProvider('down', { fails: true }), hanging, fakeProvider('ok', { amountsOut: [7n] })],
      request,
      { timeoutMs: 5000 },
    )
    await vi.advanceTimersByTimeAsync(5000)
    const result = await pending
    expect(result.quotes.map((q) => q.providerId)).toEqual(['ok'])
    expect(result.failures.map((f) => [f.providerId, f.reason, String(f.error)])).toEqual([
      ['down', 'error', 'Error: down is down'],
      ['hangs', 'timeout', 'Error: no answer in 5000 ms'],
    ])
    expect(hanging.aborted()).toBe(true)
  })

  it('answers empty lists without providers', async () => {
    expect(await quoteAllProviders([], request, { timeoutMs: 10 })).toEqual({ quotes: [], failures: [] })
  })

  it('the example provider builds and tracks what it quoted', async () => {
    const provider = fakeProvider('example', { amountsOut: [5_000_000n] })
    const [quote] = (await quoteAllProviders([provider], request, { timeoutMs: 1000 })).quotes
    if (!quote) throw new Error('no quote')
    expect(await provider.buildTransaction(quote)).toEqual({
      family: 'utxo',
      chainId: bitcoinChainId,
      to: 'bc1qvault',
      amount: 10n ** 18n,
      memo: '=:BTC.BTC:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    })
    expect((await provider.track('0xabc'))?.state).toBe('DELIVERED')
  })
})
