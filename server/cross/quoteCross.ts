import type { Hex } from 'viem'
import type { AuthContext } from '../appEnv'
import { AppError, compatibleMessages } from '../errors'
import { type ProviderFailure, quoteAllProviders } from '../providers/quoteAllProviders'
import type {
  CrossChainProvider,
  ProviderQuote,
  ProviderQuoteRequest,
  ProviderTransaction,
  TaggedCrossSend,
} from '../providers/types'
import { isNativeAddress } from '../quotes/resolveTradeTokens'
import { singleSwapLimits } from '../quotes/singleSwapLimits'
import { assertCrossChainsFresh } from './assertCrossChainsFresh'
import { assertCrossDirection } from './assertCrossDirection'
import { assertSafeCrossReceiver } from './assertSafeCrossReceiver'
import { computeCrossQuoteMac } from './computeCrossQuoteMac'
import { createCrossTagger } from './createCrossTagger'
import { type CrossServices, MIN_CROSS_TRADE_USD, MIN_CROSS_VALUE_KEPT } from './crossServices'
import { describeCrossSides } from './describeCrossSides'
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
export function keepsCrossValue(quote: ProviderQuote, context: CrossQuoteContext): boolean {
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
 * The mounted providers that can quote a resolved trade: serving its chains, and guaranteeing an exact output or
 * taking an integrator fee when it asks for them. Throws 503 when a chain's node stopped answering (the
 * single-chain rule: now, not after the providers time out), 422 NO_ROUTE with the compatible message when none
 * can.
 */
export function selectCrossProviders(
  services: CrossServices,
  context: CrossQuoteContext,
): CrossChainProvider[] {
  const { source, destination } = context
  assertCrossChainsFresh(services.markets, [source.chain.id, destination.chain.id])
  const serving = services.providers.filter((p) => p.serves(source.chain.id, destination.chain.id))
  const providers = serving.filter(
    (p) =>
      (context.exactOut !== true || p.exactOut === true) &&
      (context.integratorFee === undefined || p.integratorFee === true),
  )
  if (providers.length === 0)
    throw noCrossRoute(context, [
      serving.length === 0
        ? 'No provider serves these chains'
        : context.exactOut === true
          ? 'No provider guarantees an exact output between these chains: quote the exact input instead'
          : 'No provider takes an integrator fee between these chains: quote without feePercentage',
    ])
  return providers
}

function noCrossRoute(context: CrossQuoteContext, reasons: string[]): AppError {
  return new AppError('NO_ROUTE', compatibleMessages.noCrossChainProvider, {
    details: {
      sourceChainId: context.source.chain.id,
      destinationChainId: context.destination.chain.id,
      reasons,
    },
  })
}

/** What every provider is asked for a resolved trade. */
export function crossQuoteRequestOf(context: CrossQuoteContext): ProviderQuoteRequest {
  return {
    from: context.source.asset,
    to: context.destination.asset,
    amountIn: context.amount,
    sender: context.sender ?? '',
    receiver: context.receiver,
    slippage: context.slippage,
    ...(context.integratorFee === undefined ? {} : { integratorFee: context.integratorFee }),
    ...(context.exactOut === true ? { exactAmountOut: context.amount } : {}),
  }
}

/**
 * Why a trade has no quote to show once every provider has answered: the most telling refusal of a provider
 * (e.g. the network's BELOW_MINIMUM), else 503 UPSTREAM_UNAVAILABLE when every provider failed to answer, else
 * 422 NO_ROUTE; with quotes that all lose more than `MIN_CROSS_VALUE_KEPT`, 422 INSUFFICIENT_LIQUIDITY.
 */
export function noCrossQuoteError(
  context: CrossQuoteContext,
  answered: { quotes: number; failures: readonly ProviderFailure[] },
): AppError {
  const { failures } = answered
  if (answered.quotes > 0)
    return new AppError('INSUFFICIENT_LIQUIDITY', 'not enough liquidity for this amount', {
      details: {
        param: 'amount',
        reason: `Every quote would deliver less than ${MIN_CROSS_VALUE_KEPT * 100}% of the input's value: the pools cannot absorb this amount`,
      },
    })
  const refusals = failures.flatMap((f) => (f.error instanceof AppError ? [f.error] : []))
  const telling = refusals.find((e) => e.code !== 'NO_ROUTE')
  if (telling !== undefined) return telling
  if (failures.length > 0 && refusals.length === 0)
    return new AppError('UPSTREAM_UNAVAILABLE', 'No cross-chain provider answered: try again shortly', {
      details: { providers: failures.map((f) => ({ provider: f.providerId, reason: f.reason })) },
    })
  return noCrossRoute(
    context,
    refusals.length > 0 ? refusals.map((e) => e.message) : ['No provider serves this pair'],
  )
}

/** `quotes` best first by net output (see `rankByNetOutput`), with the trade's prices. */
export function rankCrossQuotes(
  services: CrossServices,
  context: CrossQuoteContext,
  quotes: readonly ProviderQuote[],
): ProviderQuote[] {
  return rankByNetOutput(quotes, {
    outputUsd: context.usdOut,
    outputDecimals: context.destination.asset.decimals,
    nativeUsd: sourceNativeUsd(services, context.source.chain.id),
  })
}

/** `quote` placed with its provider and context, and with `build` its transaction. */
export async function placeCrossQuote(
  provider: CrossChainProvider,
  quote: ProviderQuote,
  context: CrossQuoteContext,
  options: { build: boolean; tagIntegrator?: ((send: TaggedCrossSend) => Hex) | undefined },
): Promise<PlacedCrossQuote> {
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
}

/**
 * Every mounted provider's quotes for a resolved trade, best first by net output (`rankCrossQuotes`). With `build`
 * each quote carries its transaction too. Quotes beyond the liquidity (`keepsCrossValue`) are left out; throws
 * as `selectCrossProviders` does, and `noCrossQuoteError` when no quote is left.
 */
export async function quoteCrossContext(
  services: CrossServices,
  context: CrossQuoteContext,
  options: { build: boolean; tagIntegrator?: ((send: TaggedCrossSend) => Hex) | undefined },
): Promise<PlacedCrossQuote[]> {
  const providers = selectCrossProviders(services, context)
  const { quotes, failures } = await quoteAllProviders(providers, crossQuoteRequestOf(context), {
    timeoutMs: services.providerTimeoutMs,
  })
  const absorbed = quotes.filter((quote) => keepsCrossValue(quote, context))
  if (absorbed.length === 0) throw noCrossQuoteError(context, { quotes: quotes.length, failures })
  const byId = new Map(providers.map((p) => [p.id, p]))
  return Promise.all(
    rankCrossQuotes(services, context, absorbed).map((quote) => {
      const provider = byId.get(quote.providerId)
      if (provider === undefined) throw new Error(`quote of unknown provider ${quote.providerId}`)
      return placeCrossQuote(provider, quote, context, options)
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
): Promise<SignedCrossQuoteAnswer[]> {
  const context = await resolveCrossTrade(services, params)
  const build = params.estimate && params.sender !== undefined
  const placed = await quoteCrossContext(services, context, {
    build,
    tagIntegrator: await crossTaggerOf(services, params, build, auth),
  })
  const sign = await createCrossQuoteSigner(services, auth)
  return placed.map(sign)
}

/**
 * The compatible answer of a placed quote with its `mac` (`computeCrossQuoteMac`): POST swap/cross builds only
 * what was issued here, to the same integrator.
 */
export async function createCrossQuoteSigner(
  services: CrossServices,
  auth: AuthContext | undefined,
): Promise<(placed: PlacedCrossQuote) => SignedCrossQuoteAnswer> {
  const secret = await services.getTagSecret()
  const integratorId = auth?.integratorId ?? ''
  return (p) => {
    const sides = describeCrossSides(services.markets, p.quote, p.context.slippage)
    const answer = formatCrossQuote(p.quote, p.provider, p.context, sides, p.transaction)
    const mac = computeCrossQuoteMac({ secret, integratorId, transactionData: answer.transactionData })
    return { ...answer, transactionData: { ...answer.transactionData, mac } }
  }
}

/** A `quote/cross` offer as answered: the compatible shape, its `transactionData` signed. */
export type SignedCrossQuoteAnswer = CrossQuoteAnswer & { transactionData: { mac: string } }

/** The tagger of a quote's transactions when they are built (`createCrossTagger`), else undefined. */
export async function crossTaggerOf(
  services: CrossServices,
  params: { sourceChainId: number },
  build: boolean,
  auth: AuthContext | undefined,
): Promise<((send: TaggedCrossSend) => Hex) | undefined> {
  if (!build) return undefined
  return createCrossTagger({
    auth,
    getTagSecret: services.getTagSecret,
    chainId: params.sourceChainId,
    nowSec: Math.floor(services.now() / 1000),
  })
}
