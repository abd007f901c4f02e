import { type Address, getAddress, isAddressEqual } from 'viem'
import { getEvmChainInfo } from '../../chains/chainInfo'
import type { ChainDeployment } from '../../chains/deployment'
import { AppError } from '../../errors'
import { isNativeAddress } from '../isNativeAddress'
import type { ProviderQuote, ProviderQuoteRequest } from '../types'
import { quoteStargateExactOverPool } from './quoteStargateExactOverPool'
import { quoteStargateOverPool } from './quoteStargateOverPool'
import type { StargateContext } from './stargateContext'

/** A token of `deployment` by its symbol (the native coin's for the zero address), else its address. */
function symbolOf(deployment: ChainDeployment, token: string): string {
  if (isNativeAddress(token)) return getEvmChainInfo(deployment.chainId)?.nativeCurrency.symbol ?? token
  return deployment.tokens.find((t) => isAddressEqual(t.address, token as Address))?.symbol ?? token
}

/**
 * Why Stargate gives no exact output of `token` (the 422's reason): it pays exactly only the asset a pool of
 * `destination` holds, and takes a native pool's coin only as the native input itself.
 */
export function describeStargateExactOutRefusal(
  origin: ChainDeployment,
  destination: ChainDeployment,
  from: string,
  token: string,
): string {
  const chain = getEvmChainInfo(destination.chainId)?.name ?? `chain ${destination.chainId}`
  const pooled = (destination.stargate?.pools ?? []).filter((p) =>
    origin.stargate?.pools.some((q) => q.assetId === p.assetId),
  )
  const paid = pooled.find((p) => isAddressEqual(p.token, getAddress(token)))
  if (paid !== undefined && isNativeAddress(paid.token))
    return `Stargate pays an exact output of ${paid.symbol} on ${chain} from its native pool, which takes only the native coin: not from ${symbolOf(origin, from)}`
  const names = pooled.map((p) => (isNativeAddress(p.token) ? `${p.symbol} as the native coin` : p.symbol))
  return `Stargate pays an exact output on ${chain} only in an asset it pools there (${names.join(', ')}), not ${symbolOf(destination, token)}: a destination swap is not exact. Ask for one of them, or quote the exact input`
}

/**
 * The Stargate quotes for `request`: one per asset both chains have a pool of (`quoteStargateOverPool`; for an
 * exact output `quoteStargateExactOverPool`, over the pool of the requested asset); a pool that cannot carry it
 * (no path, a failed read) is left out. With chosen legs (`request.legs`) only the pool of their asset is
 * quoted, and its refusal is thrown; so is an exact output's (AppError NO_ROUTE,
 * `describeStargateExactOutRefusal`, when no pool pays it; INVALID_PARAMS for an amount finer than Stargate
 * carries). Empty when Stargate does not serve the pair.
 */
export async function quoteStargate(
  context: StargateContext,
  request: ProviderQuoteRequest,
): Promise<ProviderQuote[]> {
  const origin = context.deploymentOf(request.from.chainId)
  const destination = context.deploymentOf(request.to.chainId)
  if (
    origin?.stargate === undefined ||
    destination?.stargate === undefined ||
    destination.layerZero === undefined
  )
    return []
  const originMarket = context.markets.get(origin.chainId)
  const destinationMarket = context.markets.get(destination.chainId)
  const quotes: ProviderQuote[] = []
  const via = request.legs?.via
  const exact = request.exactAmountOut
  for (const pool of origin.stargate.pools) {
    const remote = destination.stargate.pools.find((p) => p.assetId === pool.assetId)
    if (remote === undefined || (via !== undefined && pool.symbol !== via)) continue
    if (exact !== undefined && !isAddressEqual(remote.token, getAddress(request.to.address))) continue
    const quote = await (exact === undefined
      ? quoteStargateOverPool(context, {
          request,
          origin,
          destination,
          originMarket,
          destinationMarket,
          pool,
          remote,
        })
      : quoteStargateExactOverPool(context, {
          request,
          exactAmountOut: exact,
          origin,
          destination,
          originMarket,
          pool,
          remote,
        })
    ).catch((error: unknown) => {
      // the one pool asked for (the chosen legs', the exact output's): its refusal is the answer
      if (via !== undefined || exact !== undefined) throw error
      return undefined
    })
    if (quote !== undefined) quotes.push(quote)
  }
  if (exact !== undefined && quotes.length === 0)
    throw new AppError(
      'NO_ROUTE',
      describeStargateExactOutRefusal(origin, destination, request.from.address, request.to.address),
      { details: {} },
    )
  return quotes
}
