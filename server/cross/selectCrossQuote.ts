import { AppError } from '../errors'
import type { CrossChainProvider } from '../providers/types'
import type { CrossServices } from './crossServices'
import { describeCrossSides } from './describeCrossSides'
import {
  type CrossTradeParams,
  crossQuoteRequestOf,
  resolveCrossTrade,
  selectCrossProviders,
} from './quoteCross'
import { quoteCrossProvider } from './quoteCrossProvider'
import { resolveCrossSide } from './resolveCrossSide'

/** `quote/cross-select`: a cross-chain trade, the provider asked for, and how much of the bridged asset crosses. */
export interface CrossSelectParams extends CrossTradeParams {
  /** Base units of the bridged asset: what the chosen source leg pays (exact input), or the destination leg needs. */
  stableAmount: bigint
  /** The provider's `tradeProtocol` (`CROSS_CHAIN_STARGATE`, ...). */
  tradeProtocol: string
  /** The offer's `route.via` (`USDC`, `ETH`...); default: what the provider's best offer for the trade carries. */
  bridgeAsset?: string | undefined
}

/** The mounted provider whose `tradeProtocol` is asked, among those that can quote the trade. */
function findSelectedProvider(
  services: CrossServices,
  providers: readonly CrossChainProvider[],
  tradeProtocol: string,
): CrossChainProvider {
  const mounted = services.providers.find((p) => p.tradeProtocol === tradeProtocol)
  if (mounted === undefined)
    throw new AppError('INVALID_PARAMS', `tradeProtocol ${tradeProtocol} is not a provider of this server`, {
      details: { param: 'tradeProtocol', tradeProtocols: services.providers.map((p) => p.tradeProtocol) },
    })
  const provider = providers.find((p) => p === mounted)
  if (provider === undefined)
    throw new AppError('NO_ROUTE', `${tradeProtocol} does not quote this trade`, {
      details: {
        param: 'tradeProtocol',
        tradeProtocols: providers.map((p) => p.tradeProtocol),
      },
    })
  return provider
}

/**
 * `GET quote/cross-select` (the compatible API's advanced flow): the side of provider `tradeProtocol`'s offer that
 * follows from a leg the client chose. Exact input: `stableAmount` is what the chosen source leg pays in the
 * bridged asset (a `srcTradeList` element's `toTokenAmount`), and the answer is the destination side as if that
 * much crossed: `dstTrade`, `dstTradeList`, the output it pays, and the native fee. Exact output:
 * `stableAmount` is what the chosen destination leg needs on the destination (a `dstTradeList` element's
 * `fromTokenAmount`), and the answer is the source side that pays it: `srcTrade`, `srcTradeList` and the input
 * it needs. The bridged asset is `bridgeAsset`, else what the provider's best offer for the trade carries.
 * Throws as `resolveCrossTrade` and `quoteCrossProvider` do; 400 INVALID_PARAMS for a `tradeProtocol` this server
 * does not mount, 422 NO_ROUTE when that provider cannot quote the trade (or not over `bridgeAsset`).
 */
export async function selectCrossQuote(services: CrossServices, params: CrossSelectParams) {
  const context = await resolveCrossTrade(services, params)
  const provider = findSelectedProvider(
    services,
    selectCrossProviders(services, context),
    params.tradeProtocol,
  )
  const request = crossQuoteRequestOf(context)
  const offer = await quoteCrossProvider(services, context, provider, {
    ...request,
    ...(params.bridgeAsset === undefined ? {} : { legs: { via: params.bridgeAsset } }),
  })
  const via = offer.route?.via
  if (via === undefined)
    throw new AppError('NO_ROUTE', `${params.tradeProtocol} names no bridged asset for this trade`, {
      details: { param: 'tradeProtocol' },
    })
  const exactOut = context.exactOut === true
  // the bridged asset where the chosen leg meets the bridge: the source leg's output, or the destination leg's
  // input; without that leg, the trade's own token on that side
  const bridged = exactOut
    ? resolveCrossSide(
        services.markets,
        context.destination.chain,
        offer.route?.destinationLeg?.tokenIn ?? context.destination.asset.address,
        'bridgeAsset',
      )
    : resolveCrossSide(
        services.markets,
        context.source.chain,
        offer.route?.sourceLeg?.tokenOut ?? context.source.asset.address,
        'bridgeAsset',
      )
  const side = await quoteCrossProvider(services, context, provider, {
    ...request,
    ...(exactOut
      ? { to: bridged.asset, amountIn: params.stableAmount, exactAmountOut: params.stableAmount }
      : { from: bridged.asset, amountIn: params.stableAmount }),
    legs: { via },
  })
  const sides = describeCrossSides(services.markets, side, context.slippage)
  return {
    tradeProtocol: provider.tradeProtocol,
    providerInfo: provider.info,
    sourceChainId: context.source.chain.id,
    destinationChainId: context.destination.chain.id,
    bridgeAsset: via,
    bridgeToken: bridged.asset.address,
    stableAmount: params.stableAmount.toString(),
    nativeFee: side.nativeFee.toString(),
    processingTime: side.estimatedDurationSec,
    contractVersion: provider.contractVersion,
    ...(exactOut
      ? {
          fromTokenAmount: side.request.amountIn.toString(),
          srcTrade: sides.srcTrade,
          srcTradeList: sides.srcTradeList,
        }
      : {
          toTokenAmount: side.amountOut.toString(),
          dstTrade: sides.dstTrade,
          dstTradeList: sides.dstTradeList,
        }),
  }
}
