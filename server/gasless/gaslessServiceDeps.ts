import { AppError } from '../errors'
import type { QuoteServiceDeps } from '../quotes/quoteSingle'
import type { Store } from '../store/createStore'
import type { GaslessChain } from './planGaslessOrder'

/** What the gasless services need: the quote services' deps, the store and the chains a relayer runs on. */
export interface GaslessServiceDeps extends QuoteServiceDeps {
  store: Store
  /** The chains where a relayer runs, with their settlement. */
  gaslessChains: ReadonlyMap<number, GaslessChain>
  /** Tells the chain's relayer that an order was stored (it claims it at once rather than at its next poll). */
  wakeRelayer?: (chainId: number) => void
}

/** The gasless chain `chainId`, or 400 GASLESS_UNAVAILABLE when no relayer runs there. */
export function getGaslessChain(
  deps: Pick<GaslessServiceDeps, 'gaslessChains'>,
  chainId: number,
): GaslessChain {
  const chain = deps.gaslessChains.get(chainId)
  if (!chain) {
    throw new AppError('GASLESS_UNAVAILABLE', `Gasless orders are not available on chain ${chainId}`, {
      details: { chainId, gaslessChainIds: [...deps.gaslessChains.keys()] },
    })
  }
  return chain
}

/** The client of an order's chain; undefined for a chain no longer configured (its outcome is not shown). */
export function gaslessClientOf(deps: Pick<GaslessServiceDeps, 'markets'>, chainId: number) {
  return deps.markets.all().find((m) => m.chainId === chainId)?.client
}

/** The signed fee may not exceed this share of the amount (GaslessSettlement.MAX_FEE_BPS). */
export const MAX_GASLESS_FEE_BPS = 1000n
