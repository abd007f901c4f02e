import { randomUUID } from 'node:crypto'
import type { LocalAccount } from 'viem'
import type { Logger } from '../logger'
import type { Markets } from '../market/createMarkets'
import type { Store } from '../store/createStore'
import { convertWeiToToken } from './computeGaslessFee'
import { createGaslessRelayer, type GaslessRelayer } from './createGaslessRelayer'
import type { GaslessChain } from './planGaslessOrder'

export interface GaslessRelayers {
  /** The chains a relayer runs on (where `gasless` is advertised and the API accepts orders). */
  chains: ReadonlyMap<number, GaslessChain>
  stop(): Promise<void>
}

/**
 * Starts one gasless relayer per chain whose deployment has a `gaslessSettlement`, all with `account` (none
 * without an account). The fee cap is checked with the market's USD prices. Errors are logged; a round
 * never stops the loop.
 */
export function startGaslessRelayers(p: {
  store: Store
  markets: Markets
  account: LocalAccount | undefined
  logger: Logger
  intervalMs: number
}): GaslessRelayers {
  const chains = new Map<number, GaslessChain>()
  const relayers: GaslessRelayer[] = []
  const { account } = p
  if (!account) return { chains, stop: async () => {} }
  const worker = `relayer-${randomUUID()}`
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
      costInSrcToken: (srcToken, costWei) =>
        convertWeiToToken({
          wei: costWei,
          nativeUsd: market.getUsdPrice(market.deployment.wrappedNative),
          srcUsd: market.getUsdPrice(srcToken),
          srcDecimals: market.findToken(srcToken)?.decimals ?? 18,
        }),
      onError: (err, orderId) =>
        p.logger.warn('gasless relayer round failed', {
          component: 'gasless',
          chainId: market.chainId,
          orderId,
          err,
        }),
    })
    relayer.start(p.intervalMs)
    relayers.push(relayer)
  }
  return {
    chains,
    stop: async () => {
      await Promise.all(relayers.map((r) => r.stop()))
    },
  }
}
