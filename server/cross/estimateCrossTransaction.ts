import { getAddress, zeroAddress } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import type { ChainMarket } from '../market/createChainMarket'
import type { EvmProviderTransaction } from '../providers/types'
import { estimateSwap, GAS_MARGIN_PERCENT } from '../quotes/estimateSwap'
import { computeTransferGas } from './computeTransferGas'

/** Gas assumed for `insufficientGas` when the estimate could not run: an origin send with a swap stays below. */
export const CROSS_GAS_WHEN_UNESTIMATED = 1_000_000n

/**
 * What `swap/cross` answers beside an EVM source's transaction, as `swap/single` does (`buildSingleSwap`): the
 * sender's balance and allowance checks and the node's gas estimate with the same 30% margin (`estimateSwap`,
 * `to` the transaction's contract), or `estimateGasError` (funds short, an approval of `approval.spender`
 * missing, a revert); `insufficientGas` (native balance below gas x gas price + value;
 * `CROSS_GAS_WHEN_UNESTIMATED` stands in when the estimate could not run) and `gasPrice`. A token input is checked against its approval (token,
 * spender, amount); a native one against the value sent. Throws UPSTREAM_UNAVAILABLE when the node does not
 * answer.
 */
export async function estimateCrossTransaction(
  market: ChainMarket,
  tx: EvmProviderTransaction,
  sender: string,
) {
  const from = getAddress(sender)
  const funds =
    tx.approval === undefined
      ? { tokenIn: zeroAddress, amountIn: tx.value }
      : { tokenIn: tx.approval.token, amountIn: tx.approval.amount, spender: tx.approval.spender }
  const [estimate, gasPrice, nativeBalance] = await Promise.all([
    estimateSwap(market, { sender: from, ...funds, data: tx.data, value: tx.value, to: tx.to }),
    readFromNode('the gas price', () => market.getGasPrice()),
    readFromNode("the sender's balance", () => market.client.getBalance({ address: from })),
  ])
  const gas = estimate.estimateGas === undefined ? CROSS_GAS_WHEN_UNESTIMATED : BigInt(estimate.estimateGas)
  return {
    ...estimate,
    insufficientGas: nativeBalance < gas * gasPrice + tx.value,
    gasPrice: gasPrice.toString(),
  }
}

/**
 * What `swap/cross` answers beside an EVM transaction whose sender is not known (the client posted the
 * destination address as its account): `gasPrice`, and for a payment to an account (no code at `to`: the
 * liquidity network's vault) its gas (`computeTransferGas`) with the same 30% margin, else `estimateGasError`
 * (a contract call is estimated only from its sender). Throws UPSTREAM_UNAVAILABLE when the node does not answer.
 */
export async function estimateWithoutSender(market: ChainMarket, tx: EvmProviderTransaction) {
  const [code, gasPrice] = await Promise.all([
    readFromNode('the code of the transaction target', () => market.client.getCode({ address: tx.to })),
    readFromNode('the gas price', () => market.getGasPrice()),
  ])
  const isAccount = code === undefined || code === '0x'
  return {
    ...(isAccount
      ? { estimateGas: ((computeTransferGas(tx.data) * GAS_MARGIN_PERCENT) / 100n).toString() }
      : { estimateGasError: 'the sending account is not known: post it as `account` to estimate the gas' }),
    gasPrice: gasPrice.toString(),
  }
}
