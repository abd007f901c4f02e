import { type Address, getAddress, isAddressEqual } from 'viem'
import { z } from 'zod'
import { AppError } from '../errors'
import type { ChainMarket } from '../market/createChainMarket'
import type { ProviderChosenPath } from '../providers/types'
import { resolveTradeToken } from '../quotes/resolveTradeTokens'
import { type RouteStepPlan, STEP_SHARE_ONE } from '../routing/quoteRouteSteps'

/** The most pools a chosen path may name (the router's paths have at most 3 hops). */
const MAX_PATH_POOLS = 4

/** What `quote/cross-data` reads of a leg's `transactionData` (`formatCrossLeg` writes it; the rest is ignored). */
const postedLeg = z.object({
  info: z.object({
    srcToken: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte hex address'),
    dstToken: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte hex address'),
  }),
  pools: z
    .array(z.string().regex(/^0x([0-9a-fA-F]{40}|[0-9a-fA-F]{64})$/, 'expected a pool address or id'))
    .min(1, 'expected at least one pool')
    .max(MAX_PATH_POOLS, `expected at most ${MAX_PATH_POOLS} pools`),
})

const invalid = (param: string, message: string, details: Record<string, unknown> = {}) =>
  new AppError('INVALID_PARAMS', `${param}: ${message}`, { details: { param, ...details } })

/**
 * A leg a client chose from `srcTradeList` or `dstTradeList`, read back from its posted `transactionData`
 * (`param`) as a path on `market`'s current pool snapshot: its `pools` in order from `info.srcToken` (the
 * wrapped native for native currency), each pool trading the token the path holds for its other token, ending
 * at `info.dstToken`. Undefined when nothing was posted (null or absent: the offer keeps its own swap). Throws
 * 400 INVALID_PARAMS naming `param` (and the field) when it is not shaped as a leg, names a token the chain does
 * not list, a pool the chain's snapshot does not hold, or a path that does not connect its tokens. Whether the
 * path suits the offer's side (from what it holds to what it must pay) is the provider's check.
 */
export function readChosenLeg(
  market: ChainMarket,
  posted: unknown,
  param: string,
): ProviderChosenPath | undefined {
  if (posted === undefined || posted === null) return undefined
  const parsed = postedLeg.safeParse(posted)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = [param, ...(issue?.path.map(String) ?? [])].join('.')
    throw invalid(field, issue?.message ?? 'not the transactionData of a leg')
  }
  const tokenIn = resolveTradeToken(market, parsed.data.info.srcToken, `${param}.info.srcToken`).routeAddress
  const tokenOut = resolveTradeToken(market, parsed.data.info.dstToken, `${param}.info.dstToken`).routeAddress
  const pools = new Map(market.getSnapshot().pools.map((pool) => [pool.address.toLowerCase(), pool]))
  const plan: RouteStepPlan[] = []
  let holding: Address = tokenIn
  for (const id of parsed.data.pools) {
    const pool = pools.get(id.toLowerCase())
    if (pool === undefined)
      throw invalid(`${param}.pools`, `${id} is not a pool of chain ${market.chainId}`, { pool: id })
    const next = isAddressEqual(pool.token0, holding)
      ? pool.token1
      : isAddressEqual(pool.token1, holding)
        ? pool.token0
        : undefined
    if (next === undefined)
      throw invalid(`${param}.pools`, `pool ${id} does not trade ${holding}`, { pool: id })
    plan.push({ pool, tokenIn: holding, tokenOut: getAddress(next), share: STEP_SHARE_ONE })
    holding = getAddress(next)
  }
  if (!isAddressEqual(holding, tokenOut))
    throw invalid(`${param}.pools`, `the path ends at ${holding}, not at info.dstToken ${tokenOut}`)
  return { plan, param }
}
