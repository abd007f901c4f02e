import { z } from '@hono/zod-openapi'
import { type Address, getAddress, type Hex, zeroAddress, zeroHash } from 'viem'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { evmAddressField as address, uint256Field } from '../openapi/schemas'
import type { SwapCall } from './buildSwapCalldata'
import { decodeLegHops } from './buildSwapCalldata'
import { resolveTradePair } from './resolveTradeTokens'

const uint = (name: string) => uint256Field(name, { allowNumber: true })

/** Body of `POST swap/single` (compatible API): the quote's transactionData plus the account. */
export const SwapSingleBodySchema = z
  .object({
    transactionData: z.object({
      info: z.object({
        srcToken: address('srcToken'),
        dstToken: address('dstToken'),
        amountIn: uint('amountIn').optional(),
        amountOutMin: uint('amountOutMin').optional(),
        amountOut: uint('amountOut').optional(),
        amountInMax: uint('amountInMax').optional(),
        deadline: z.number().int().positive(),
        feeReceiver: address('feeReceiver').optional().nullable(),
        feePercent: z.number().min(0).max(0.1).optional(),
      }),
      call: z
        .array(z.object({ amount: uint('amount'), data: z.string().regex(/^0x[0-9a-fA-F]*$/) }))
        .min(1)
        .max(8),
    }),
    nativeValue: uint('nativeValue').optional(),
    account: address('account'),
    receiver: address('receiver').optional(),
  })
  .openapi('SwapSingleBody')

export type SwapSingleBody = z.output<typeof SwapSingleBodySchema>

/**
 * Rebuilds the Aggregator call from a quote's `transactionData` (as `POST swap/single` receives it).
 * Nothing in it is trusted beyond what the user signs: the Aggregator derives every pool itself and
 * checks min-out/max-in. The output goes to `body.receiver`, else to `body.account` (the signer), never
 * to an address carried inside `transactionData`. Throws INVALID_PARAMS for an inconsistent body (a zero
 * amount or min-out, an integrator fee without `feeReceiver`), QUOTE_EXPIRED after its deadline.
 */
export function buildSwapFromTransactionData(
  market: ChainMarket,
  body: SwapSingleBody,
  ctx: { nowSec: number; integratorId: Hex | undefined },
): SwapCall {
  const { info, call } = body.transactionData
  const [tokenIn, tokenOut] = resolveTradePair(market, info.srcToken, info.dstToken)
  const exactIn = info.amountIn !== undefined
  const amountIn = exactIn ? info.amountIn : info.amountInMax
  const amountOut = exactIn ? info.amountOutMin : info.amountOut
  if (amountIn === undefined || amountOut === undefined) {
    throw new AppError(
      'INVALID_PARAMS',
      'transactionData.info needs amountIn and amountOutMin (exact input) or amountOut and amountInMax (exact output)',
    )
  }
  if (amountIn === 0n || amountOut === 0n) {
    throw new AppError(
      'INVALID_PARAMS',
      `transactionData.info.${exactIn ? 'amountIn and amountOutMin' : 'amountOut and amountInMax'} must be above 0`,
    )
  }
  const feeBps = Math.round((info.feePercent ?? 0) * 10_000)
  if (feeBps > 0 && !info.feeReceiver) {
    throw new AppError(
      'INVALID_PARAMS',
      'transactionData.info.feeReceiver is required when feePercent is above 0',
    )
  }
  if (info.deadline <= ctx.nowSec) {
    throw new AppError(
      'QUOTE_EXPIRED',
      `The quote's deadline ${info.deadline} has passed; request a new quote`,
    )
  }
  const receiver = body.receiver ?? body.account
  return {
    tradeType: exactIn ? 'exactIn' : 'exactOut',
    tokenIn: tokenIn.address,
    tokenOut: tokenOut.address,
    amountIn,
    amountOut,
    receiver: getAddress(receiver),
    deadline: BigInt(info.deadline),
    feeRecipient: info.feeReceiver ? getAddress(info.feeReceiver as Address) : zeroAddress,
    feeBps,
    integratorId: ctx.integratorId ?? zeroHash,
    legs: call.map((leg) => ({ amount: leg.amount, hops: decodeLegHops(leg.data as Hex) })),
  }
}
