import type { CrossChainProvider, ProviderQuote, ProviderQuoteRequest } from './types'

/** Why a provider gave no quotes: it threw, or it did not answer within `timeoutMs`. */
export interface ProviderFailure {
  providerId: string
  reason: 'error' | 'timeout'
  error: unknown
}

/**
 * Asks every provider for `request` in parallel and returns all their quotes, best first (most
 * `amountOut`, then most `amountOutMin`, then fastest), plus the providers that failed: a provider that
 * throws or has not answered after `timeoutMs` is dropped and reported (its signal is aborted), never
 * failing the others. `onQuotes` receives each provider's quotes the moment it answers (a stream's offers).
 * Never throws.
 */
export async function quoteAllProviders(
  providers: readonly CrossChainProvider[],
  request: ProviderQuoteRequest,
  options: { timeoutMs: number; onQuotes?: (quotes: readonly ProviderQuote[]) => void },
): Promise<{ quotes: ProviderQuote[]; failures: ProviderFailure[] }> {
  const settled = await Promise.all(
    providers.map(async (provider) => {
      const answer = await quoteOne(provider, request, options.timeoutMs)
      if ('quotes' in answer && answer.quotes.length > 0) options.onQuotes?.(answer.quotes)
      return answer
    }),
  )
  const quotes = settled.flatMap((s) => ('quotes' in s ? s.quotes : []))
  const failures = settled.flatMap((s) => ('failure' in s ? [s.failure] : []))
  return { quotes: quotes.sort(compareProviderQuotes), failures }
}

async function quoteOne(
  provider: CrossChainProvider,
  request: ProviderQuoteRequest,
  timeoutMs: number,
): Promise<{ quotes: ProviderQuote[] } | { failure: ProviderFailure }> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    const result = await Promise.race([provider.quote(request, { signal: controller.signal }), timeout])
    if (result === 'timeout') {
      controller.abort()
      return {
        failure: {
          providerId: provider.id,
          reason: 'timeout',
          error: new Error(`no answer in ${timeoutMs} ms`),
        },
      }
    }
    return { quotes: result }
  } catch (error: unknown) {
    return { failure: { providerId: provider.id, reason: 'error', error } }
  } finally {
    clearTimeout(timer)
  }
}

/** Most `amountOut` first, then most `amountOutMin`, then fastest (the order `quoteAllProviders` returns). */
export function compareProviderQuotes(a: ProviderQuote, b: ProviderQuote): number {
  if (a.amountOut !== b.amountOut) return a.amountOut > b.amountOut ? -1 : 1
  if (a.amountOutMin !== b.amountOutMin) return a.amountOutMin > b.amountOutMin ? -1 : 1
  return a.estimatedDurationSec - b.estimatedDurationSec
}
