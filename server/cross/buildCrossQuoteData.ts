import type { AuthContext } from '../appEnv'
import { AppError } from '../errors'
import { computeCrossQuoteMac } from './computeCrossQuoteMac'
import type { CrossServices } from './crossServices'
import { describeCrossSides } from './describeCrossSides'
import { formatCrossQuote } from './formatCrossQuote'
import { crossQuoteRequestOf, resolveCrossTrade, selectCrossProviders } from './quoteCross'
import { quoteCrossProvider } from './quoteCrossProvider'
import { readChosenLeg } from './readChosenLeg'
import { readIssuedCrossQuote } from './readIssuedCrossQuote'

/** The body of `POST quote/cross-data` (the compatible API's advanced flow; what it does not name is ignored). */
export interface CrossDataBody {
  /** A `quote/cross` offer's `transactionData`, unchanged. */
  transactionData: Record<string, unknown>
  /** The chosen source leg's `transactionData` (an element of `srcTradeList`), if any. */
  srcQuoteTxData?: unknown
  /** The chosen destination leg's `transactionData` (an element of `dstTradeList`), if any. */
  dstQuoteTxData?: unknown
}

/**
 * `POST quote/cross-data`: the offer of the posted `transactionData` again, over the same provider and bridged
 * asset, with the source and destination swaps the client chose (`srcQuoteTxData`, `dstQuoteTxData`: a leg's
 * `transactionData` from `srcTradeList`/`dstTradeList`, read by `readChosenLeg`; a side posted without one keeps
 * the offer's best path), priced exactly on the chains' current pool snapshots. Answers the new offer's
 * `transactionData`, signed as `quote/cross` signs it and carrying `nativeValue` (wei the transaction sends:
 * input plus native fee for a native input, the native fee for a token), which `POST swap/cross` takes as is.
 * Only an issued `transactionData` is read (400 QUOTE_TAMPERED otherwise); the trade is checked again as a
 * quote's is (`resolveCrossTrade`); 400 INVALID_PARAMS for a leg that is not a path of that side (naming it),
 * or for a leg posted for a side the offer does not swap on; the provider's refusal otherwise.
 */
export async function buildCrossQuoteData(
  services: CrossServices,
  sourceChainId: number,
  body: CrossDataBody,
  auth: AuthContext | undefined,
) {
  const { providerId, params } = await readIssuedCrossQuote(
    services,
    sourceChainId,
    body.transactionData,
    auth,
  )
  const exactOut = params.exactOut === true
  const feeBps = params.feeBps ?? 0
  const context = await resolveCrossTrade(services, {
    sourceChainId,
    destinationChainId: params.dstChainId,
    fromTokenAddress: params.tokenIn,
    toTokenAddress: params.tokenOut,
    amount: BigInt(exactOut ? params.actualQuote : params.amount),
    sender: params.sender ?? undefined,
    receiver: params.receiver,
    slippage: params.slippage,
    isExactOut: exactOut,
    ...(feeBps > 0 && params.feeReceiver
      ? { feePercentage: feeBps / 10_000, feeReceiver: params.feeReceiver }
      : {}),
  })
  const provider = selectCrossProviders(services, context).find((p) => p.id === providerId)
  if (provider === undefined)
    throw new AppError('NO_ROUTE', `Provider ${providerId} does not serve this trade`, {
      details: { provider: providerId },
    })
  if (params.via === undefined || params.via === null)
    throw new AppError('INVALID_PARAMS', 'transactionData names no bridged asset (params.via): quote again', {
      details: { param: 'transactionData.params.via' },
    })
  const { source, destination } = context
  const chosenSource =
    source.chain.family === 'evm'
      ? readChosenLeg(services.markets.get(source.chain.id), body.srcQuoteTxData, 'srcQuoteTxData')
      : undefined
  const chosenDestination =
    destination.chain.family === 'evm'
      ? readChosenLeg(services.markets.get(destination.chain.id), body.dstQuoteTxData, 'dstQuoteTxData')
      : undefined
  const quote = await quoteCrossProvider(services, context, provider, {
    ...crossQuoteRequestOf(context),
    legs: {
      via: params.via,
      ...(chosenSource === undefined ? {} : { source: chosenSource }),
      ...(chosenDestination === undefined ? {} : { destination: chosenDestination }),
    },
  })
  for (const [chosen, leg, side] of [
    [chosenSource, quote.route?.sourceLeg, 'source'],
    [chosenDestination, quote.route?.destinationLeg, 'destination'],
  ] as const)
    if (chosen !== undefined && leg === undefined)
      throw new AppError('INVALID_PARAMS', `${chosen.param}: this offer has no ${side} swap`, {
        details: { param: chosen.param },
      })
  const sides = describeCrossSides(services.markets, quote, context.slippage, { lists: false })
  const { transactionData } = formatCrossQuote(quote, provider, context, sides)
  const native = source.chain.family === 'evm' && source.isNative
  const signed = {
    ...transactionData,
    nativeValue: (quote.nativeFee + (native ? quote.request.amountIn : 0n)).toString(),
  }
  const mac = computeCrossQuoteMac({
    secret: await services.getTagSecret(),
    integratorId: auth?.integratorId ?? '',
    transactionData: signed,
  })
  return { ...signed, mac }
}
