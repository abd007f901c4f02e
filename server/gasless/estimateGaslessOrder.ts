import { erc20Abi } from 'viem'
import { readFromNode } from '../chains/readFromNode'
import { AppError } from '../errors'
import { createQuoteContext } from '../quotes/createQuoteContext'
import type { QuoteCaller } from '../quotes/quoteSingle'
import { assertGaslessReceiver } from './assertGaslessReceiver'
import { buildTokenPermitTypedData } from './buildTokenPermitTypedData'
import { type GaslessServiceDeps, getGaslessChain } from './gaslessServiceDeps'
import {
  type GaslessChain,
  type GaslessPlan,
  type GaslessPlanParams,
  planGaslessOrder,
} from './planGaslessOrder'
import { readTokenPermitDomain } from './readTokenPermitDomain'

export interface GaslessEstimate {
  chain: GaslessChain
  plan: GaslessPlan
  /** The EIP-2612 permit to sign in place of the Permit2 approval, when one is needed and the token has one. */
  tokenPermit: ReturnType<typeof buildTokenPermitTypedData> | undefined
}

/**
 * Plans a gasless order for `p.sender` (`planGaslessOrder`): refuses an amount the sender does not hold
 * (INSUFFICIENT_BALANCE), and when Permit2 still needs an approval offers the token's own EIP-2612 permit if it
 * has one. Throws GASLESS_UNAVAILABLE and the plan's and quote's errors.
 */
export async function estimateGaslessOrder(
  deps: GaslessServiceDeps,
  p: GaslessPlanParams & { chainId: number },
  caller: QuoteCaller,
): Promise<GaslessEstimate> {
  const chain = getGaslessChain(deps, p.chainId)
  const market = deps.markets.get(p.chainId)
  if (p.receiver) assertGaslessReceiver(market, chain, p.receiver, 'receiver')
  const balance = await readFromNode("the owner's balance", () =>
    market.client.readContract({
      address: p.srcToken,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [p.sender],
    }),
  ).catch(() => undefined)
  // an amount the sender does not hold can never fill (a token without balanceOf is refused by the plan)
  if (balance !== undefined && balance < p.amount) {
    throw new AppError('INSUFFICIENT_BALANCE', `The sender holds ${balance}, below amount ${p.amount}`, {
      details: { param: 'amount', balance: balance.toString() },
    })
  }
  const ctx = await createQuoteContext(deps, p.chainId, caller)
  const plan = await planGaslessOrder(ctx, chain, p)
  const permitDomain = plan.approvalNeeded
    ? await readTokenPermitDomain(market.client, {
        chainId: p.chainId,
        token: plan.order.srcToken,
        owner: p.sender,
      })
    : undefined
  const tokenPermit =
    permitDomain === undefined
      ? undefined
      : buildTokenPermitTypedData({
          chainId: p.chainId,
          token: plan.order.srcToken,
          domain: permitDomain,
          owner: p.sender,
          spender: chain.permit2,
          value: plan.order.amountIn,
          deadline: plan.order.deadline,
        })
  return { chain, plan, tokenPermit }
}
