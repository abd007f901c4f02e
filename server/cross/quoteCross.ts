import type { Hex } from 'viem'
import type { AuthContext } from '../appEnv'
import { AppError, compatibleMessages } from '../errors'
import { quoteAllProviders } from '../providers/quoteAllProviders'
import type {
  CrossChainProvider,
  ProviderQuote,
  ProviderTransaction,
  TaggedCrossSend,
} from '../providers/types'
import { isNativeAddress } from '../quotes/resolveTradeTokens'
import { singleSwapLimits } from '../quotes/singleSwapLimits'
import { assertCrossDirection } from './assertCrossDirection'
import { assertSafeCrossReceiver } from './assertSafeCrossReceiver'
import { computeCrossQuoteMac } from './computeCrossQuoteMac'
import { createCrossTagger } from './createCrossTagger'
import { type CrossServices, MIN_CROSS_TRADE_USD, MIN_CROSS_VALUE_KEPT } from './crossServices'
import { type CrossQuoteAnswer, type CrossQuoteContext, formatCrossQuote } from './formatCrossQuote'
import { priceCrossSide } from './priceCrossSide'
import { rankByNetOutput } from './rankByNetOutput'
import { assertChainAccount, requireChain, resolveCrossSide } from './resolveCrossSide'

/** The parameters of `quote/cross` and `GET swap/cross` that matter to a cross-chain trade. */
export interface CrossTradeParams {
  sourceChainId: number
  destinationChainId: number | undefined
  fromTokenAddress: string
  toTokenAddress: string
  amount: bigint
  sender?: string | undefined
  receiver?: string | undefined
  slippage?: number | undefined
  isExactOut?: boolean | undefined
  /** Integrator fee, a fraction of what is bridged (`feePercentage`), paid to `feeReceiver`. */
  feePercentage?: number | undefined
  feeReceiver?: string | undefined
  /** The integrator's request id, echoed in the answer. */
  uuid?: string | undefined
}

/** A quote with what made it: the provider, the trade's context, and its transaction when built. */
export interface PlacedCrossQuote {
  provider: CrossChainProvider
  quote: ProviderQuote
  context: CrossQuoteContext
  transaction?: ProviderTransaction
}

/**
 * Validates a cross-chain trade and resolves its context: known chains (400 UNSUPPORTED_CHAIN), two different
 * chains, tokens of each chain, the spec's directions for UTXO and
 * Cosmos trades (400 UNSUPPORTED_DIRECTION), sender and receiver in their chain's format (a receiver is
 * required unless both sides are EVM, where it defaults to the sender), a receiver and fee receiver that
 * keep what they get (`assertSafeCrossReceiver`, 400 INVALID_PARAMS), and the $10 minimum (400
 * BELOW_MINIMUM) wherever the USD price of the side `amount` names is known (the output with `isExactOut`).
 */
export async function resolveCrossTrade(
  services: CrossServices,
  params: CrossTradeParams,
): Promise<CrossQuoteContext> {
  const sourceChain = requireChain(params.sourceChainId, 'chainId')
  if (params.destinationChainId === undefined)
    throw new AppError('INVALID_PARAMS', 'destinationChainId is required', {
      details: { param: 'destinationChainId' },
    })
  const destinationChain = requireChain(params.destinationChainId, 'destinationChainId')
  if (destinationChain.id === sourceChain.id)
    throw new AppError('INVALID_PARAMS', 'destinationChainId is the source chain: use quote/single', {
      details: { param: 'destinationChainId' },
    })
  assertCrossDirection(
    { chain: sourceChain },
    { chain: destinationChain, isNative: isNativeAddress(params.toTokenAddress) },
  )
  const source = resolveCrossSide(services.markets, sourceChain, params.fromTokenAddress, 'fromTokenAddress')
  const destination = resolveCrossSide(
    services.markets,
    destinationChain,
    params.toTokenAddress,
    'toTokenAddress',
  )
  const { addressNetwork } = services
  if (params.sender !== undefined) assertChainAccount(sourceChain, params.sender, 'sender', addressNetwork)
  let receiver = params.receiver
  if (receiver === undefined && sourceChain.family === 'evm' && destinationChain.family === 'evm')
    receiver = params.sender
  if (receiver === undefined)
    throw new AppError('INVALID_PARAMS', `receiver is required: a ${destinationChain.name} address`, {
      details: { param: 'receiver' },
    })
  assertChainAccount(destinationChain, receiver, 'receiver', addressNetwork)
  await assertSafeCrossReceiver(services, destinationChain, receiver, params.receiver ? 'receiver' : 'sender')

  const [usdIn, usdOut] = await Promise.all([
    priceCrossSide(services, source),
    priceCrossSide(services, destination),
  ])
  const exactOut = params.isExactOut === true
  const [namedUsd, namedSide] = exactOut ? [usdOut, destination] : [usdIn, source]
  if (namedUsd !== undefined) {
    const valueUsd = (Number(params.amount) / 10 ** namedSide.asset.decimals) * namedUsd
    if (valueUsd < MIN_CROSS_TRADE_USD) {
      const minimum = BigInt(Math.ceil((MIN_CROSS_TRADE_USD / namedUsd) * 10 ** namedSide.asset.decimals))
      throw new AppError('BELOW_MINIMUM', compatibleMessages.insufficientAmount, {
        details: {
          param: 'amount',
          reason: `Cross-chain trades start at $${MIN_CROSS_TRADE_USD}: at least ${minimum} base units of ${namedSide.symbol}`,
          minimumUsd: MIN_CROSS_TRADE_USD,
          minimumAmount: minimum.toString(),
        },
      })
    }
  }
  const feeBps = Math.round((params.feePercentage ?? 0) * 10_000)
  if (feeBps > 0 && params.feeReceiver === undefined)
    throw new AppError('INVALID_PARAMS', 'feeReceiver is required when feePercentage is above 0', {
      details: { param: 'feeReceiver' },
    })
  // the integrator's fee is paid on the source chain
  if (feeBps > 0 && params.feeReceiver !== undefined && sourceChain.family === 'evm')
    await assertSafeCrossReceiver(services, sourceChain, params.feeReceiver, 'feeReceiver')
  return {
    source,
    destination,
    ...(feeBps > 0 && params.feeReceiver !== undefined
      ? { integratorFee: { bps: feeBps, recipient: params.feeReceiver } }
      : {}),
    ...(params.uuid === undefined ? {} : { uuid: params.uuid }),
    amount: params.amount,
    sender: params.sender,
    receiver,
    slippage: params.slippage ?? singleSwapLimits.defaultSlippage,
    usdIn,
    usdOut,
    ...(exactOut ? { exactOut } : {}),
  }
}

/** False when both prices are known and `quote` delivers less than `MIN_CROSS_VALUE_KEPT` of the input's value. */
function keepsValue(quote: ProviderQuote, context: CrossQuoteContext): boolean {
  const { usdIn, usdOut, source, destination } = context
  if (usdIn === undefined || usdOut === undefined) return true
  const inUsd = (Number(quote.request.amountIn) / 10 ** source.asset.decimals) * usdIn
  const outUsd = (Number(quote.amountOut) / 10 ** destination.asset.decimals) * usdOut
  return outUsd >= inUsd * MIN_CROSS_VALUE_KEPT
}

/** USD of one whole native coin of an EVM source chain (its wrapped native's price), when known. */
function sourceNativeUsd(services: CrossServices, chainId: number): number | undefined {
  const market = services.markets.all().find((m) => m.chainId === chainId)
  if (market === undefined) return undefined
  try {
    return market.getUsdPrice(market.deployment.wrappedNative)
  } catch {
    return undefined
  }
}

/**
 * Every mounted provider's quotes for a resolved trade, best first by net output (`rankByNetOutput`: what
 * arrives less the native fee, in USD; `quoteAllProviders`' order when a price is unknown). With `build` each
 * quote carries its transaction too. Quotes beyond the liquidity (`MIN_CROSS_VALUE_KEPT`) are left out, 422
 * INSUFFICIENT_LIQUIDITY when no other remains. When no provider quotes: the most telling refusal of a provider (e.g.
 * the network's BELOW_MINIMUM), else 422 NO_ROUTE with the compatible message clients read as "try another
 * provider", or 503 UPSTREAM_UNAVAILABLE when every provider failed to answer.
 */
export async function quoteCrossContext(
  services: CrossServices,
  context: CrossQuoteContext,
  options: { build: boolean; tagIntegrator?: ((send: TaggedCrossSend) => Hex) | undefined },
): Promise<PlacedCrossQuote[]> {
  const { source, destination } = context
  const serving = services.providers.filter((p) => p.serves(source.chain.id, destination.chain.id))
  const providers = serving.filter(
    (p) =>
      (context.exactOut !== true || p.exactOut === true) &&
      (context.integratorFee === undefined || p.integratorFee === true),
  )
  const noRoute = (reasons: string[]) =>
    new AppError('NO_ROUTE', compatibleMessages.noCrossChainProvider, {
      details: { sourceChainId: source.chain.id, destinationChainId: destination.chain.id, reasons },
    })
  if (providers.length === 0)
    throw noRoute([
      serving.length === 0
        ? 'No provider serves these chains'
        : context.exactOut === true
          ? 'No provider guarantees an exact output between these chains: quote the exact input instead'
          : 'No provider takes an integrator fee between these chains: quote without feePercentage',
    ])
  const { quotes, failures } = await quoteAllProviders(
    providers,
    {
      from: source.asset,
      to: destination.asset,
      amountIn: context.amount,
      sender: context.sender ?? '',
      receiver: context.receiver,
      slippage: context.slippage,
      ...(context.integratorFee === undefined ? {} : { integratorFee: context.integratorFee }),
      ...(context.exactOut === true ? { exactAmountOut: context.amount } : {}),
    },
    { timeoutMs: services.providerTimeoutMs },
  )
  if (quotes.length === 0) {
    const refusals = failures.flatMap((f) => (f.error instanceof AppError ? [f.error] : []))
    const telling = refusals.find((e) => e.code !== 'NO_ROUTE')
    if (telling !== undefined) throw telling
    if (failures.length > 0 && refusals.length === 0)
      throw new AppError('UPSTREAM_UNAVAILABLE', 'No cross-chain provider answered: try again shortly', {
        details: { providers: failures.map((f) => ({ provider: f.providerId, reason: f.reason })) },
      })
    throw noRoute(refusals.length > 0 ? refusals.map((e) => e.message) : ['No provider serves this pair'])
  }
  const absorbed = quotes.filter((quote) => keepsValue(quote, context))
  if (absorbed.length === 0)
    throw new AppError('INSUFFICIENT_LIQUIDITY', 'not enough liquidity for this amount', {
      details: {
        param: 'amount',
        reason: `Every quote would deliver less than ${MIN_CROSS_VALUE_KEPT * 100}% of the input's value: the pools cannot absorb this amount`,
      },
    })
  const byId = new Map(providers.map((p) => [p.id, p]))
  const ranked = rankByNetOutput(absorbed, {
    outputUsd: context.usdOut,
    outputDecimals: destination.asset.decimals,
    nativeUsd: sourceNativeUsd(services, source.chain.id),
  })
  return Promise.all(
    ranked.map(async (quote) => {
      const provider = byId.get(quote.providerId)
      if (provider === undefined) throw new Error(`quote of unknown provider ${quote.providerId}`)
      return {
        provider,
        quote,
        context,
        ...(options.build
          ? {
              transaction: await provider.buildTransaction(
                quote,
                options.tagIntegrator === undefined ? {} : { tagIntegrator: options.tagIntegrator },
              ),
            }
          : {}),
      }
    }),
  )
}

/**
 * `GET quote/cross`: every provider's offer in the compatible shape, best first; with a sender and estimation
 * on (the spec's shortcut) each offer also carries its transaction. Each `transactionData` carries `mac`
 * (`computeCrossQuoteMac`), which `POST swap/cross` verifies.
 */
export async function quoteCross(
  services: CrossServices,
  params: CrossTradeParams & { estimate: boolean },
  auth?: AuthContext,
): Promise<(CrossQuoteAnswer & { transactionData: { mac: string } })[]> {
  const context = await resolveCrossTrade(services, params)
  const build = params.estimate && params.sender !== undefined
  const placed = await quoteCrossContext(services, context, {
    build,
    tagIntegrator: build
      ? await createCrossTagger({
          auth,
          getTagSecret: services.getTagSecret,
          chainId: params.sourceChainId,
          nowSec: Math.floor(services.now() / 1000),
        })
      : undefined,
  })
  const secret = await services.getTagSecret()
  const integratorId = auth?.integratorId ?? ''
  return placed.map((p) => {
    const answer = formatCrossQuote(p.quote, p.provider, p.context, p.transaction)
    // POST swap/cross builds only what was issued here, to the same integrator
    const mac = computeCrossQuoteMac({ secret, integratorId, transactionData: answer.transactionData })
    return { ...answer, transactionData: { ...answer.transactionData, mac } }
  })
}
