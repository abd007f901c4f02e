import { getAddress } from 'viem'
import { AppError } from '../errors'
import { createQuoteContext } from '../quotes/createQuoteContext'
import { formatSingleQuote } from '../quotes/formatSingleQuote'
import type { QuoteCaller, QuoteServiceDeps } from '../quotes/quoteSingle'
import type { SingleQuoteQuery } from '../quotes/singleQuoteQuery'
import { assertGaslessReceiver } from './assertGaslessReceiver'
import { type GaslessServiceDeps, getGaslessChain } from './gaslessServiceDeps'
import { planGaslessRoute } from './planGaslessOrder'

/**
 * `quote/single` with `isGasless=true`: the quote of a gasless order, as the original service answers it. The
 * relayer's fee is taken from `amount` (`planGaslessRoute`: one path, the fee of its steps), and the one quote
 * answered is the single-chain quote of `amount - fee` whose `transactionData` also carries `amountInBeforeFee`
 * (`amount`, what the user signs over), `fee` (the relayer's, in the source token) and `amountInAfterFee`
 * (`amountInBeforeFee - fee`, what is swapped; `info.amountIn`), and `receiver` when one is known (`receiver`,
 * else `sender`): `POST /trade/v1/gasless/typed-data` takes it as is. `fromTokenAmount` is `amountInBeforeFee`.
 * No transaction is sent by the user, so the answer carries no `data` or gas estimate. Refuses (400) exact
 * output and an integrator fee (INVALID_PARAMS), a chain without a relayer (GASLESS_UNAVAILABLE) and receivers
 * that would lose the output; throws `planGaslessRoute`'s errors.
 */
export async function quoteGaslessSingle(
  deps: QuoteServiceDeps & Pick<GaslessServiceDeps, 'gaslessChains'>,
  chainId: number,
  query: SingleQuoteQuery,
  caller: QuoteCaller,
) {
  const chain = getGaslessChain(deps, chainId)
  if (query.isExactOut === true)
    throw new AppError('INVALID_PARAMS', 'isGasless quotes sell an exact input: isExactOut must be false', {
      details: { param: 'isExactOut' },
    })
  if (query.feePercentage !== undefined && query.feePercentage > 0)
    throw new AppError(
      'INVALID_PARAMS',
      'isGasless quotes take no integrator fee: the relayer takes its own',
      {
        details: { param: 'feePercentage' },
      },
    )
  const receiver = query.receiver ?? query.sender
  const market = deps.markets.get(chainId)
  if (receiver !== undefined)
    assertGaslessReceiver(market, chain, getAddress(receiver), query.receiver ? 'receiver' : 'sender')
  const ctx = await createQuoteContext(deps, chainId, caller)
  const route = await planGaslessRoute(ctx, {
    srcToken: getAddress(query.fromTokenAddress),
    dstToken: getAddress(query.toTokenAddress),
    amount: query.amount,
    receiver: receiver === undefined ? undefined : getAddress(receiver),
    slippage: query.slippage,
    deadline: query.deadline,
    excludedDexes: query.excludedDexes,
    priceImpactProtectionPercentage: query.priceImpactProtectionPercentage,
  })
  const { data: _data, ...quote } = formatSingleQuote(market.quoteView, route.quote, {
    requestId: caller.requestId,
    uuid: query.uuid,
  })
  return [
    {
      ...quote,
      fromTokenAmount: query.amount.toString(),
      nativeValue: '0',
      transactionData: {
        ...quote.transactionData,
        amountInBeforeFee: query.amount.toString(),
        amountInAfterFee: (query.amount - route.fee).toString(),
        fee: route.fee.toString(),
        ...(receiver === undefined ? {} : { receiver: getAddress(receiver) }),
      },
      gasless: {
        settlement: chain.settlement,
        permit2: chain.permit2,
        gasUnits: route.gasUnits.toString(),
        gasPrice: route.gasPrice.toString(),
      },
    },
  ]
}
