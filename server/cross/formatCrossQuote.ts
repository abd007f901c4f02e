import type { CrossChainProvider, ProviderJson, ProviderQuote, ProviderTransaction } from '../providers/types'
import type { CrossSides } from './describeCrossSides'
import type { CrossSide } from './resolveCrossSide'

/** What a cross-chain answer is about, beside the provider's quote. */
export interface CrossQuoteContext {
  source: CrossSide
  destination: CrossSide
  amount: bigint
  sender: string | undefined
  receiver: string
  slippage: number
  /** The integrator's fee asked for (basis points of what is bridged, and who gets it). */
  integratorFee?: { bps: number; recipient: string }
  /** The integrator's request id (`uuid`), echoed. */
  uuid?: string
  /** USD prices of one whole unit of each side, when known (price impact). */
  usdIn: number | undefined
  usdOut: number | undefined
  /** `amount` is the exact output asked on the destination (`isExactOut`), not the input. */
  exactOut?: boolean
}

/** The transaction of a quote in the compatible API's swap shape (`swap/cross` and the quote's shortcut). */
export function formatCrossTransaction(tx: ProviderTransaction) {
  switch (tx.family) {
    case 'evm':
      return {
        to: tx.to,
        data: tx.data,
        value: tx.value.toString(),
        nativeValue: tx.value.toString(),
        ...(tx.approval === undefined ? {} : { approvalAddress: tx.approval.spender }),
      }
    case 'utxo':
      return {
        to: tx.to,
        nativeValue: '0',
        data: {
          method: 'transfer' as const,
          params: [
            {
              recipient: tx.to,
              amount: { amount: tx.amount.toString(), decimals: 8 },
              // paid without a memo, the amount says it: the wallet writes no OP_RETURN
              memo: tx.memoless === undefined ? tx.memo : '',
            },
          ],
          ...(tx.memoless === undefined
            ? {}
            : {
                memoless: {
                  reference: tx.memoless.reference,
                  memo: tx.memo,
                  registrationHash: tx.memoless.registrationHash,
                },
              }),
        },
      }
    case 'cosmos': {
      const amount = tx.amount.toString()
      return {
        to: tx.to,
        nativeValue: '0',
        data: {
          method: 'transfer' as const,
          params: [{ recipient: tx.to, amount: { amount, decimals: tx.decimals }, memo: tx.memo }],
          // the same payment as the message cosmjs signs (`signAndBroadcast(from, messages, fee, memo)`)
          messages: [
            {
              typeUrl: '/cosmos.bank.v1beta1.MsgSend',
              value: { fromAddress: tx.from, toAddress: tx.to, amount: [{ denom: tx.denom, amount }] },
            },
          ],
        },
      }
    }
  }
}

/**
 * One provider's quote in the compatible API's cross-chain shape: `srcTrade`/`dstTrade` and their lists
 * (`sides`, see `describeCrossSides`), `nativeFee`, `tradeProtocol`, chains, `processingTime`,
 * `transactionData` (the provider's data, e.g. the network's `inbound_address`, `memo`, `expiry`,
 * `expected_amount_out`, plus `params` with `amount`, `minQuote`, `actualQuote` in destination base units,
 * `nativeFee`, whether the output is exact, the integrator's fee and what crosses (`via`), which
 * `POST swap/cross` and `quote/cross-data` read back; `srcCalls`/`dstCalls` the hops of either side's swap),
 * `tradeParams`, `providerInfo`, `contractVersion`, `priceImpact` (fraction of the input's USD value lost,
 * null when a price is unknown) and `memoless` (the UTXO deposit can be built without a memo). With
 * `transaction` (sender given, estimation on) it also carries `nativeValue`, `to` and `data`.
 */
export function formatCrossQuote(
  quote: ProviderQuote,
  provider: CrossChainProvider,
  context: CrossQuoteContext,
  sides: CrossSides,
  transaction?: ProviderTransaction,
) {
  const { source, destination } = context
  // the input: as asked, or (exact output) what the provider needs
  const amount = quote.request.amountIn
  const inUsd =
    context.usdIn === undefined ? undefined : (Number(amount) / 10 ** source.asset.decimals) * context.usdIn
  const outUsd =
    context.usdOut === undefined
      ? undefined
      : (Number(quote.amountOut) / 10 ** destination.asset.decimals) * context.usdOut
  const priceImpact =
    inUsd === undefined || outUsd === undefined || inUsd === 0 ? null : (inUsd - outUsd) / inUsd
  const liquidityNetwork = provider.flow === 'utxo'
  const params = {
    srcChainId: source.chain.id,
    dstChainId: destination.chain.id,
    tokenIn: source.asset.address,
    tokenOut: destination.asset.address,
    amount: amount.toString(),
    minQuote: quote.amountOutMin.toString(),
    actualQuote: quote.amountOut.toString(),
    nativeFee: quote.nativeFee.toString(),
    sender: context.sender ?? null,
    receiver: context.receiver,
    slippage: context.slippage,
    expiresAt: quote.expiresAt,
    exactOut: context.exactOut === true,
    feeBps: context.integratorFee?.bps ?? 0,
    feeReceiver: context.integratorFee?.recipient ?? null,
    via: quote.route?.via ?? null,
  }
  const details: Record<string, ProviderJson> = { ...quote.details }
  const callsOf = (side: CrossSides['srcTrade']) =>
    'transactionData' in side ? side.transactionData.call : []
  return {
    ...sides,
    nativeFee: quote.nativeFee.toString(),
    ...(transaction === undefined ? {} : formatCrossTransaction(transaction)),
    tradeProtocol: provider.tradeProtocol,
    sourceChainId: source.chain.id,
    destinationChainId: destination.chain.id,
    processingTime: quote.estimatedDurationSec,
    transactionData: {
      ...details,
      ...(liquidityNetwork
        ? { tradeType: source.chain.family === 'evm' ? 'NATIVE_TO_BTC' : 'BTC_TO_NATIVE' }
        : {}),
      provider: provider.id,
      srcCalls: callsOf(sides.srcTrade),
      dstCalls: callsOf(sides.dstTrade),
      params,
      nativeFee: quote.nativeFee.toString(),
      tradeProtocol: provider.tradeProtocol,
    },
    tradeParams: {
      tokenIn: source.asset.address,
      tokenOut: destination.asset.address,
      sender: context.sender ?? null,
      receiver: context.receiver,
      slippage: context.slippage,
      srcChainId: source.chain.id,
      dstChainId: destination.chain.id,
      amount: amount.toString(),
      inNative: source.isNative,
      outNative: destination.isNative,
      deadline: quote.expiresAt,
      feeReceiver: context.integratorFee?.recipient ?? null,
      feePercent: (context.integratorFee?.bps ?? 0) / 10_000,
      uuid: context.uuid ?? null,
    },
    fees: quote.fees.map((fee) => ({
      kind: fee.kind,
      chainId: fee.asset.chainId,
      token: fee.asset.address,
      amount: fee.amount.toString(),
    })),
    providerInfo: provider.info,
    // the deposit can be paid from any wallet, without a memo (POST swap/cross with memoless)
    memoless: provider.memoless === true && source.chain.family === 'utxo',
    contractVersion: provider.contractVersion,
    priceImpact,
    fromAmountUsd: inUsd ?? null,
    toAmountUsd: outUsd ?? null,
    route:
      quote.route === undefined
        ? null
        : {
            via: quote.route.via,
            sourceSwap: quote.route.sourceSwap,
            destinationSwap: quote.route.destinationSwap,
          },
  }
}

export type CrossQuoteAnswer = ReturnType<typeof formatCrossQuote>
