import { type Address, getAddress, maxUint256 } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import type { ChainMarket } from '../market/createChainMarket'
import { buildApprovalSteps } from './buildApprovalSteps'
import { readAllowance } from './readAllowance'
import { resolveApprovalToken } from './resolveApprovalToken'

/** The approval answer on the wire: the first transaction to send at the top level, then every step. */
export interface ApprovalTransaction {
  to: Address
  data: `0x${string}`
  value: '0'
  /** Current gas price in wei. */
  gasPrice: string
  /** The allowance the steps leave, in base units: the requested amount, else 2^256-1. */
  amount: string
  /** The wallet's current allowance for the aggregator, in base units. */
  allowance: string
  spender: Address
  /** True when the first step only resets a non-zero allowance to 0 (USDT-style tokens). */
  resetRequired: boolean
  steps: { kind: 'reset' | 'approve'; to: Address; data: `0x${string}`; value: '0'; amount: string }[]
}

/**
 * Builds the transactions that let the chain's aggregator spend `amount` (base units; unlimited,
 * 2^256-1, when undefined) of `tokenAddress` from `walletAddress`, after reading the current allowance
 * and gas price. `to`/`data` at the top level are the first step, so a client that sends one
 * transaction and asks again still ends up approved. Throws `INVALID_PARAMS` for native currency,
 * `UNSUPPORTED_TOKEN` for an unlisted token, `UPSTREAM_UNAVAILABLE` when the node fails.
 */
export async function getApprovalTransaction(
  market: ChainMarket,
  params: { tokenAddress: Address; walletAddress: Address; amount?: bigint | undefined },
): Promise<ApprovalTransaction> {
  const token = resolveApprovalToken(market, params.tokenAddress)
  const spender = getAddress(market.deployment.aggregator)
  const amount = params.amount ?? maxUint256
  const [currentAllowance, gasPrice] = await Promise.all([
    readAllowance(market.client, { token: token.address, owner: params.walletAddress, spender }),
    readFromNode('the gas price', () => market.getGasPrice()),
  ])
  const { resetRequired, steps } = buildApprovalSteps({
    token: token.address,
    spender,
    amount,
    currentAllowance,
    requiresReset: token.tags.includes('approve-reset'),
  })
  const wireSteps = steps.map((step) => ({
    kind: step.kind,
    to: step.to,
    data: step.data,
    value: '0' as const,
    amount: step.amount.toString(),
  }))
  const [first] = wireSteps
  if (first === undefined) throw new Error('buildApprovalSteps returned no step')
  return {
    to: first.to,
    data: first.data,
    value: '0',
    gasPrice: gasPrice.toString(),
    amount: amount.toString(),
    allowance: currentAllowance.toString(),
    spender,
    resetRequired,
    steps: wireSteps,
  }
}
