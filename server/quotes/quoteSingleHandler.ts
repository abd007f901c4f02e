import { type Address, getAddress, zeroHash } from 'viem'
import type { AuthContext } from '../appEnv'
import { readFromNode } from '../chains/readFromNode'
import type { Markets } from '../market/createMarkets'
import { estimateSwap } from './estimateSwap'
import { formatSingleQuote, type SingleQuoteResponse } from './formatSingleQuote'
import { buildSwapCalldata, computeSwapValue, planSingleQuotes } from './quoteSingle'
import type { SingleQuoteQuery } from './singleQuoteQuery'

export interface QuoteServiceDeps {
  markets: Markets
  quoteTtlSec: number
  now: () => number
}

export interface QuoteCaller {
  requestId: string
  auth: AuthContext | undefined
}

/**
 * The whole `quote/single` answer: plans every quote, then (with a sender and estimation switched on)
 * checks balance/allowance and estimates gas for each, in parallel. Throws AppError for a request that
 * cannot be quoted.
 */
export async function quoteSingle(
  deps: QuoteServiceDeps,
  chainId: number,
  query: SingleQuoteQuery,
  caller: QuoteCaller,
): Promise<SingleQuoteResponse[]> {
  const market = deps.markets.get(chainId)
  const planned = await planSingleQuotes(query, {
    market,
    now: deps.now(),
    quoteTtlSec: deps.quoteTtlSec,
    integratorId: caller.auth?.integratorId ?? zeroHash,
    requestId: caller.requestId,
  })
  const estimateOn = query.disableEstimate === false || query.disableEstimateGas === false
  const sender = query.sender ? getAddress(query.sender) : undefined
  return Promise.all(
    planned.map(async (q) => {
      const estimate =
        estimateOn && sender && q.call
          ? await estimateSwap(market, {
              sender,
              tokenIn: q.call.tokenIn,
              amountIn: q.call.amountIn,
              data: buildSwapCalldata(q.call),
              value: computeSwapValue(q.call),
            })
          : undefined
      return formatSingleQuote(market, q, {
        requestId: caller.requestId,
        uuid: query.uuid,
        ...(estimate ? { estimate } : {}),
      })
    }),
  )
}

/** Native balance check for the `insufficientGas` flag of swap responses; UPSTREAM_UNAVAILABLE when the node fails. */
export async function hasGasFor(
  deps: QuoteServiceDeps,
  chainId: number,
  p: { sender: Address; gas: bigint; gasPrice: bigint; value: bigint },
): Promise<boolean> {
  const { client } = deps.markets.get(chainId)
  const balance = await readFromNode("the sender's balance", () => client.getBalance({ address: p.sender }))
  return balance >= p.gas * p.gasPrice + p.value
}
