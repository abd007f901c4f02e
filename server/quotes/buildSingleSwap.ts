import { type Address, zeroAddress } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import type { ChainMarket } from '../market/createChainMarket'
import { buildSwapCalldata, type SwapCall } from './buildSwapCalldata'
import { computeSwapValue } from './computeSwapValue'
import { CONTRACT_VERSION } from './contractVersion'
import { estimateSwap } from './estimateSwap'

/**
 * The transaction answer of `swap/single` (GET and POST alike) for an already checked `call`: calldata and
 * value for the Aggregator, the sender's balance/allowance checks and gas estimate (see `estimateSwap`),
 * `insufficientGas` (native balance below gas × gas price + value; the route's modelled `gasUnits` stand in
 * when the estimate could not run), the bounds the transaction enforces
 * (`deltaAmount`: min-out for exact input, max-in for exact output; `deadline`) and the integrator fee it
 * pays (`feeAmount`: the fresh quote's fee in output base units, what the fee is at that quote). Throws
 * UPSTREAM_UNAVAILABLE when the node does not answer.
 */
export async function buildSingleSwap(
  market: ChainMarket,
  p: { call: SwapCall; sender: Address; feeAmount: bigint; gasUnits: bigint },
) {
  const { call, sender } = p
  const data = buildSwapCalldata(call)
  const value = computeSwapValue(call)
  const [estimate, gasPrice] = await Promise.all([
    estimateSwap(market, { sender, tokenIn: call.tokenIn, amountIn: call.amountIn, data, value }),
    readFromNode('the gas price', () => market.getGasPrice()),
  ])
  const gas = estimate.estimateGas === undefined ? p.gasUnits : BigInt(estimate.estimateGas)
  const nativeBalance = await readFromNode("the sender's balance", () =>
    market.client.getBalance({ address: sender }),
  )
  return {
    to: market.deployment.aggregator,
    data,
    value: value.toString(),
    nativeValue: value.toString(),
    ...estimate,
    insufficientGas: nativeBalance < gas * gasPrice + value,
    gasPrice: gasPrice.toString(),
    contractVersion: CONTRACT_VERSION,
    receiver: call.receiver,
    deltaAmount: (call.tradeType === 'exactIn' ? call.amountOut : call.amountIn).toString(),
    deadline: Number(call.deadline),
    integratorFee: {
      percent: call.feeBps / 100,
      receiver: call.feeBps > 0 ? call.feeRecipient : zeroAddress,
      amount: (call.feeBps > 0 ? p.feeAmount : 0n).toString(),
    },
  }
}

/** The answer of `swap/single` for one transaction. */
export type SingleSwapTransaction = Awaited<ReturnType<typeof buildSingleSwap>>
