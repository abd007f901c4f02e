import { AppError } from '../../errors'
import type { ProviderQuote, ProviderQuoteRequest } from '../types'
import type { AcrossContext } from './acrossContext'
import { findAcrossInputAsset } from './findAcrossInputAsset'
import { quoteAcrossOverAsset } from './quoteAcrossOverAsset'

/** Why an exact output through a destination swap gets no Across quote (the 422's reason). */
export const EXACT_OUT_SWAP_REFUSAL =
  'Across pays an exact output only in the bridged token itself (a destination swap is not exact): ask for the bridged token or quote the exact input'

/**
 * The Across quote for `request`, at most one: over the input itself when it is an Across asset (native for
 * the wrapped native), else the best over every asset the origin can swap it to through our entry (most
 * output, or least input for an exact output). Empty when Across does not serve the pair; throws AppError
 * NO_ROUTE (`EXACT_OUT_SWAP_REFUSAL`) when an exact output would need a destination swap, and what quoting the
 * input's own asset throws.
 */
export async function quoteAcross(
  context: AcrossContext,
  request: ProviderQuoteRequest,
): Promise<ProviderQuote[]> {
  const origin = context.deploymentOf(request.from.chainId)
  const destination = context.deploymentOf(request.to.chainId)
  if (origin?.across === undefined || destination?.across === undefined) return []
  // set when a candidate asset needed a destination swap for an exact output (then not exact)
  let exactNeedsSwap = false
  // the input itself when it is an Across asset (native for the wrapped native), else every asset the
  // origin can swap it to through our entry, keeping the best
  const own = findAcrossInputAsset(origin, request.from.address)
  const via = request.legs?.via
  const candidates = (
    own !== undefined ? [own] : origin.across.entry === undefined ? [] : origin.across.assets
  ).filter((asset) => via === undefined || asset.asset === via)
  let best: ProviderQuote | undefined
  for (const input of candidates) {
    const answer = await quoteAcrossOverAsset(context, { request, origin, destination, input }).catch(
      (error: unknown) => {
        // the one asset asked for (the input's own, or the chosen legs'): its refusal is the answer
        if (own !== undefined || via !== undefined) throw error
        return undefined
      },
    )
    if (answer === 'exactOutNeedsSwap') exactNeedsSwap = true
    const quote = answer === 'exactOutNeedsSwap' ? undefined : answer
    if (quote === undefined || best === undefined) best = best ?? quote
    else if (
      request.exactAmountOut === undefined
        ? quote.amountOut > best.amountOut
        : quote.request.amountIn < best.request.amountIn
    )
      best = quote
  }
  if (best === undefined && exactNeedsSwap)
    throw new AppError('NO_ROUTE', EXACT_OUT_SWAP_REFUSAL, { details: {} })
  return best === undefined ? [] : [best]
}
