import { type Address, isAddressEqual } from 'viem'
import { getEvmChainInfo } from '../../chains/chainInfo'
import type { ChainDeployment } from '../../chains/deployment'
import { AppError } from '../../errors'
import { isNativeAddress } from '../isNativeAddress'
import type { ProviderQuote, ProviderQuoteRequest } from '../types'
import type { AcrossContext } from './acrossContext'
import { findAcrossInputAsset } from './findAcrossInputAsset'
import { findAcrossOutputAsset } from './findAcrossOutputAsset'
import { quoteAcrossOverAsset } from './quoteAcrossOverAsset'

/**
 * Why Across gives no exact output of `token` on `destination` (the 422's reason): a fill pays exactly only the
 * asset it carries, so the output must be one of the tokens it bridges there; the origin swaps any input to it.
 */
export function describeAcrossExactOutRefusal(destination: ChainDeployment, token: string): string {
  const chain = getEvmChainInfo(destination.chainId)
  const tokens = (destination.across?.assets ?? []).map((a) => a.asset)
  const asked = isNativeAddress(token)
    ? (chain?.nativeCurrency.symbol ?? token)
    : (destination.tokens.find((t) => isAddressEqual(t.address, token as Address))?.symbol ?? token)
  return `Across pays an exact output on ${chain?.name ?? `chain ${destination.chainId}`} only in a token it bridges there (${tokens.join(', ')}; the native coin for WETH), not ${asked}: a destination swap is not exact. Ask for one of them, or quote the exact input`
}

/**
 * The Across quote for `request`, at most one. Exact input: over the input itself when it is an Across asset
 * (native for the wrapped native), else the best over every asset the origin can swap it to through our entry
 * (most output). Exact output: over the one asset whose fill pays the requested token itself
 * (`findAcrossOutputAsset`), from the input directly or through the entry's origin swap to it; throws AppError
 * NO_ROUTE (`describeAcrossExactOutRefusal`) when the token is none Across bridges to that chain. With chosen
 * legs only their asset is quoted. Empty when Across does not serve the pair; throws what quoting the one asset
 * asked for throws.
 */
export async function quoteAcross(
  context: AcrossContext,
  request: ProviderQuoteRequest,
): Promise<ProviderQuote[]> {
  const origin = context.deploymentOf(request.from.chainId)
  const destination = context.deploymentOf(request.to.chainId)
  if (origin?.across === undefined || destination?.across === undefined) return []
  const own = findAcrossInputAsset(origin, request.from.address)
  const via = request.legs?.via
  const exactAsset =
    request.exactAmountOut === undefined ? undefined : findAcrossOutputAsset(destination, request.to.address)
  if (request.exactAmountOut !== undefined && exactAsset === undefined)
    throw new AppError('NO_ROUTE', describeAcrossExactOutRefusal(destination, request.to.address), {
      details: {},
    })
  // exact output: the asset the fill pays; else the input itself when it is an Across asset (native for the
  // wrapped native), else every asset the origin can swap it to through our entry, keeping the best
  const assets =
    exactAsset !== undefined
      ? origin.across.assets.filter((a) => a.asset === exactAsset.asset)
      : own !== undefined
        ? [own]
        : origin.across.entry === undefined
          ? []
          : origin.across.assets
  const candidates = assets.filter((asset) => via === undefined || asset.asset === via)
  const single = own !== undefined || exactAsset !== undefined || via !== undefined
  let best: ProviderQuote | undefined
  for (const input of candidates) {
    const quote = await quoteAcrossOverAsset(context, { request, origin, destination, input }).catch(
      (error: unknown) => {
        // the one asset asked for (the input's own, the exact output's, or the chosen legs'): its refusal is
        // the answer
        if (single) throw error
        return undefined
      },
    )
    if (quote === undefined) continue
    if (
      best === undefined ||
      (request.exactAmountOut === undefined
        ? quote.amountOut > best.amountOut
        : quote.request.amountIn < best.request.amountIn)
    )
      best = quote
  }
  return best === undefined ? [] : [best]
}
