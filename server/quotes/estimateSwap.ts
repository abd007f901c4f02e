import {
  type Address,
  BaseError,
  erc20Abi,
  type Hex,
  HttpRequestError,
  TimeoutError,
  zeroAddress,
} from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import { describeRevert } from './describeRevert'
import type { SwapEstimate } from './formatSingleQuote'

/** anvil and real nodes under-estimate nested callbacks now and then; clients send estimate * 1.3. */
export const GAS_MARGIN_PERCENT = 130n

export interface EstimateSwapParams {
  sender: Address
  /** address(0) for native currency. */
  tokenIn: Address
  amountIn: bigint
  data: Hex
  value: bigint
}

/** The sender's balance of the input token and its allowance for the Aggregator (unlimited for native). */
export interface SenderFunds {
  balance: bigint
  allowance: bigint
}

/** Reads `SenderFunds` of `sender` for `tokenIn` (address(0): native) from the chain's node. */
export async function readSenderFunds(
  market: ChainMarket,
  sender: Address,
  tokenIn: Address,
): Promise<SenderFunds> {
  const { client, deployment } = market
  const [balance, allowance] = await readFromNode("the sender's balance and allowance", () =>
    Promise.all([
      tokenIn === zeroAddress
        ? client.getBalance({ address: sender })
        : client.readContract({ address: tokenIn, abi: erc20Abi, functionName: 'balanceOf', args: [sender] }),
      tokenIn === zeroAddress
        ? Promise.resolve(2n ** 256n - 1n)
        : client.readContract({
            address: tokenIn,
            abi: erc20Abi,
            functionName: 'allowance',
            args: [sender, deployment.aggregator],
          }),
    ]),
  )
  return { balance, allowance }
}

/**
 * Checks the sender's balance and allowance for the input (`funds`, read from the node unless given: the quotes
 * of one request share one reading), then `eth_estimateGas` of the swap from the sender; returns the estimate
 * with a 30% safety margin, or the decoded revert reason. A reverting estimate is a result, not an error; a node
 * that does not answer throws `UPSTREAM_UNAVAILABLE` (503).
 */
export async function estimateSwap(
  market: ChainMarket,
  p: EstimateSwapParams,
  funds: Promise<SenderFunds> = readSenderFunds(market, p.sender, p.tokenIn),
): Promise<SwapEstimate> {
  const { client, deployment } = market
  const { balance, allowance } = await funds
  const insufficientFunds = balance < p.amountIn
  const insufficientAllowance = allowance < p.amountIn
  const base = {
    insufficientFunds,
    insufficientAllowance,
    allowance: allowance.toString(),
    balance: balance.toString(),
  }
  if (insufficientFunds) return { ...base, estimateGasError: 'Insufficient balance of the input token' }
  if (insufficientAllowance)
    return { ...base, estimateGasError: 'Insufficient allowance: approve the aggregator first' }
  try {
    const gas = await client.estimateGas({
      account: p.sender,
      to: deployment.aggregator,
      data: p.data,
      value: p.value,
    })
    return { ...base, estimateGas: ((gas * GAS_MARGIN_PERCENT) / 100n).toString() }
  } catch (error: unknown) {
    if (isTransportError(error)) {
      throw new AppError('UPSTREAM_UNAVAILABLE', 'Could not estimate gas on the chain node', { cause: error })
    }
    return { ...base, estimateGasError: describeRevert(error) }
  }
}

function isTransportError(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
  )
}
