import { randomUUID } from 'node:crypto'
import type { LocalAccount, PublicClient } from 'viem'
import { createPollLoop, type PollLoop } from '../createPollLoop'
import type { Logger } from '../logger'
import type { Markets } from '../market/createMarkets'
import type { Store } from '../store/createStore'
import { listChainsWithDueGaslessOrders } from '../store/gaslessOrders'
import { createGasCostConverter } from './createGasCostConverter'
import { createGaslessRelayer, type GaslessRelayer } from './createGaslessRelayer'
import type { GaslessChain } from './planGaslessOrder'

export interface GaslessRelayers {
  /** The chains a relayer runs on (where `gasless` is advertised and the API accepts orders). */
  chains: ReadonlyMap<number, GaslessChain>
  /** Tells the relayer of `chainId` that an order was stored: it claims it now rather than at the next poll. */
  wake(chainId: number): void
  stop(): Promise<void>
}

/**
 * How often a chain's relayer looks for work on its own; between those, the one poll of all chains (every
 * `intervalMs`) and `wake` start its rounds.
 */
const OWN_POLL_MS = 60_000

/**
 * Starts one gasless relayer per chain whose deployment has a `gaslessSettlement`, all with `account` (none
 * without an account). Each chain's relayer runs rounds back to back while it finds orders; every `intervalMs`
 * one read (`listChainsWithDueGaslessOrders`) wakes the relayers of chains with due orders (orders retried
 * later, leases run out, orders stored by another process) or with mined orders not final yet (each round
 * rechecks them against the chain), and `wake` starts a round at once. The fee cap is
 * priced with the market's USD prices (an unpriceable order is not executed). Errors are logged; a failed round never stops a relayer.
 */
export function startGaslessRelayers(p: {
  store: Store
  markets: Markets
  account: LocalAccount | undefined
  logger: Logger
  intervalMs: number
  /**
   * When a mined order is final (see `createGaslessRelayer`): blocks on top, or also an age. Default
   * `gaslessLimits.confirmations` blocks.
   */
  finality?: {
    confirmations: number
    finalAfterMs?: number
    /** Per chain, the highest block no rollback can take away (the devnet's last state save). */
    finalBlock?: (chainId: number, client: Pick<PublicClient, 'getBlock'>) => Promise<bigint | undefined>
  }
}): GaslessRelayers {
  const chains = new Map<number, GaslessChain>()
  const loops = new Map<number, PollLoop>()
  const { account } = p
  if (!account) return { chains, wake: () => {}, stop: async () => {} }
  const worker = `relayer-${randomUUID()}`
  const { finalBlock: finalBlockOf, ...finalityRule } = p.finality ?? {}
  for (const market of p.markets.all()) {
    const { settlement, permit2 } = {
      settlement: market.deployment.gaslessSettlement,
      permit2: market.deployment.permit2,
    }
    if (!settlement) continue
    chains.set(market.chainId, { settlement, permit2, relayer: account.address })
    const relayer = createGaslessRelayer({
      db: p.store.db,
      chainId: market.chainId,
      client: market.client,
      settlement,
      permit2,
      account,
      worker,
      costInSrcToken: createGasCostConverter(market),
      ...finalityRule,
      ...(finalBlockOf === undefined
        ? {}
        : { finalBlock: () => finalBlockOf(market.chainId, market.client) }),
      onError: (err, orderId) =>
        p.logger.warn('gasless relayer round failed', {
          component: 'gasless',
          chainId: market.chainId,
          orderId,
          err,
        }),
    })
    loops.set(
      market.chainId,
      roundsOf(relayer, p.logger, market.chainId, () => market.getLoadProgress().status === 'ready'),
    )
  }
  const duePoll = createPollLoop({
    step: async () => {
      for (const chainId of await listChainsWithDueGaslessOrders(p.store.db, new Date())) {
        loops.get(chainId)?.wake()
      }
      return 'idle'
    },
    intervalMs: p.intervalMs,
    onError: (err) =>
      p.logger.warn('gasless relayers: reading due orders failed', { component: 'gasless', err }),
  })
  return {
    chains,
    wake: (chainId) => loops.get(chainId)?.wake(),
    stop: async () => {
      await Promise.all([duePoll.stop(), ...[...loops.values()].map((loop) => loop.stop())])
    },
  }
}

/**
 * The relayer's rounds: back to back while it claims orders, else every `OWN_POLL_MS` or when woken. None while
 * the chain's pools load (`isLoaded`): an order's gas cost is priced from them (their prices answer
 * `CHAIN_LOADING` until then); the due-order poll wakes the relayer again meanwhile.
 */
function roundsOf(
  relayer: GaslessRelayer,
  logger: Logger,
  chainId: number,
  isLoaded: () => boolean,
): PollLoop {
  return createPollLoop({
    step: async () => {
      if (!isLoaded()) return 'idle'
      try {
        return (await relayer.runOnce()) > 0 ? 'busy' : 'idle'
      } catch (err: unknown) {
        logger.warn('gasless relayer round failed', { component: 'gasless', chainId, err })
        return 'idle'
      }
    },
    intervalMs: OWN_POLL_MS,
    onError: () => {},
  })
}
