import { isAddress } from 'viem'
import type { AuthContext } from '../appEnv'
import { AppError } from '../errors'
import type { CrossChainProvider, ProviderQuote, ProviderTransaction } from '../providers/types'
import { insertDepositQuote } from '../store/depositQuotes'
import { assertSafeCrossReceiver } from './assertSafeCrossReceiver'
import { createCrossTagger } from './createCrossTagger'
import type { CrossServices } from './crossServices'
import { estimateCrossTransaction, estimateWithoutSender } from './estimateCrossTransaction'
import { formatCrossTransaction } from './formatCrossQuote'
import { type CrossTradeParams, quoteCrossContext, resolveCrossTrade } from './quoteCross'
import { readIssuedCrossQuote } from './readIssuedCrossQuote'
import { assertChainAccount, requireChain, resolveCrossSide } from './resolveCrossSide'

/**
 * The answer of `swap/cross`: the transaction in the compatible swap shape; from an EVM source also the
 * sender's checks and the gas estimate, as `swap/single` answers them (`estimateCrossTransaction`).
 */
async function swapAnswer(
  services: CrossServices,
  placed: { quote: ProviderQuote; transaction: ProviderTransaction },
  provider: CrossChainProvider,
) {
  const { transaction } = placed
  const { sender } = placed.quote.request
  const estimate =
    transaction.family !== 'evm'
      ? {}
      : isAddress(sender)
        ? await estimateCrossTransaction(services.markets.get(transaction.chainId), transaction, sender)
        : await estimateWithoutSender(services.markets.get(transaction.chainId), transaction)
  // a deposit without a memo pays a little more than quoted (its amount carries the reference): its own output
  const amountOut =
    transaction.family === 'utxo' && transaction.memoless !== undefined
      ? transaction.memoless.amountOut
      : placed.quote.amountOut
  return {
    ...formatCrossTransaction(transaction),
    ...estimate,
    nativeFee: placed.quote.nativeFee.toString(),
    amountOut: amountOut.toString(),
    minAmountOut: placed.quote.amountOutMin.toString(),
    expiresAt: placed.quote.expiresAt,
    tradeProtocol: provider.tradeProtocol,
    contractVersion: provider.contractVersion,
  }
}

const build = async (
  services: CrossServices,
  quote: ProviderQuote,
  auth: AuthContext | undefined,
  memoless: boolean,
) => {
  const provider = services.providers.find((p) => p.id === quote.providerId)
  if (provider === undefined)
    throw new AppError('NO_ROUTE', `Provider ${quote.providerId} is not served`, {
      details: { provider: quote.providerId },
    })
  if (memoless && provider.memoless !== true)
    throw new AppError(
      'MEMOLESS_UNAVAILABLE',
      `${provider.info.name} builds no deposit without a memo here`,
      {
        details: { param: 'memoless', provider: provider.id },
      },
    )
  const tagIntegrator = await createCrossTagger({
    auth,
    getTagSecret: services.getTagSecret,
    chainId: quote.request.from.chainId,
    nowSec: Math.floor(services.now() / 1000),
  })
  const transaction = await provider.buildTransaction(quote, {
    ...(tagIntegrator === undefined ? {} : { tagIntegrator }),
    ...(memoless ? { memoless } : {}),
  })
  if (transaction.family !== 'evm')
    // what the deposit asked, so the payment the network observes is told under-, over- or late-paid; the store
    // is a record, not a condition of the answer
    await insertDepositQuote(services.store.db, {
      sourceChainId: transaction.chainId,
      memo: transaction.memo,
      vault: transaction.to,
      amountIn: transaction.amount,
      expiresAt: new Date(quote.expiresAt * 1000),
      sender: quote.request.sender,
    }).catch((error: unknown) =>
      services.logger?.warn('deposit quote not stored: its payment will not be told under- or over-paid', {
        err: error,
        memo: transaction.memo,
      }),
    )
  return transaction
}

/**
 * `GET swap/cross`: the best provider's transaction for the trade of the query (a `sender` is required); with
 * `memoless`, a UTXO deposit paid without a memo (400 MEMOLESS_UNAVAILABLE where none can be).
 */
export async function buildCrossSwapFromQuery(
  services: CrossServices,
  params: CrossTradeParams & { memoless?: boolean | undefined },
  auth: AuthContext | undefined,
) {
  if (params.sender === undefined)
    throw new AppError('INVALID_PARAMS', 'sender is required to build the transaction', {
      details: { param: 'sender' },
    })
  const context = await resolveCrossTrade(services, params)
  const [best] = await quoteCrossContext(services, context, { build: false })
  if (best === undefined) throw new Error('no cross-chain quote')
  return swapAnswer(
    services,
    { quote: best.quote, transaction: await build(services, best.quote, auth, params.memoless === true) },
    best.provider,
  )
}

/**
 * `POST swap/cross`: the transaction of a quote the client chose, from the `transactionData` it got with it.
 * Only what `quote/cross` issued is built: `transactionData.mac` must be the MAC of the posted data for the
 * caller's API key (`computeCrossQuoteMac`), else 400 QUOTE_TAMPERED, so min-outs, fees, fee recipient,
 * LayerZero options and memo are the issued ones. The body chooses only the signing `account`. The chains,
 * tokens, account and receiver are checked again, the provider re-checks its own data (the network's current
 * vault, the memo pays the receiver) and refuses an expired quote (422 QUOTE_EXPIRED). With `memoless` (a
 * UTXO source) the deposit is paid without a memo: its amount carries the reference of the memo registered for it.
 */
export async function buildCrossSwapFromBody(
  services: CrossServices,
  sourceChainId: number,
  body: {
    transactionData: Record<string, unknown>
    account: string
    receiver?: string | undefined
    memoless?: boolean | undefined
  },
  auth: AuthContext | undefined,
) {
  const {
    providerId,
    params,
    details: rest,
  } = await readIssuedCrossQuote(services, sourceChainId, body.transactionData, auth)
  if (body.receiver !== undefined && body.receiver !== params.receiver)
    throw new AppError(
      'INVALID_PARAMS',
      'receiver differs from the quote: quote again for another receiver',
      {
        details: { param: 'receiver' },
      },
    )
  const sourceChain = requireChain(params.srcChainId, 'chainId')
  const destinationChain = requireChain(params.dstChainId, 'transactionData.params.dstChainId')
  // clients of EVM -> UTXO/Cosmos trades post the destination address as their account: the sender is then not
  // known, and the answer is what needs none (the coin paid to the vault with the memo)
  const senderUnknown =
    sourceChain.family === 'evm' && destinationChain.family !== 'evm' && body.account === params.receiver
  if (!senderUnknown) assertChainAccount(sourceChain, body.account, 'account', services.addressNetwork)
  assertChainAccount(destinationChain, params.receiver, 'receiver', services.addressNetwork)
  await assertSafeCrossReceiver(services, destinationChain, params.receiver, 'receiver')
  const source = resolveCrossSide(
    services.markets,
    sourceChain,
    params.tokenIn,
    'transactionData.params.tokenIn',
  )
  const destination = resolveCrossSide(
    services.markets,
    destinationChain,
    params.tokenOut,
    'transactionData.params.tokenOut',
  )
  const quote: ProviderQuote = {
    providerId,
    request: {
      from: source.asset,
      to: destination.asset,
      amountIn: BigInt(params.amount),
      sender: senderUnknown ? '' : body.account,
      receiver: params.receiver,
      slippage: params.slippage,
    },
    amountOut: BigInt(params.actualQuote),
    amountOutMin: BigInt(params.minQuote),
    fees: [],
    estimatedDurationSec: 0,
    expiresAt: params.expiresAt,
    nativeFee: BigInt(params.nativeFee),
    details: rest,
  }
  const provider = services.providers.find((p) => p.id === providerId)
  if (provider === undefined || !provider.serves(sourceChain.id, destinationChain.id))
    throw new AppError('NO_ROUTE', `Provider ${providerId} does not serve this trade`, {
      details: { provider: providerId },
    })
  return swapAnswer(
    services,
    { quote, transaction: await build(services, quote, auth, body.memoless === true) },
    provider,
  )
}
