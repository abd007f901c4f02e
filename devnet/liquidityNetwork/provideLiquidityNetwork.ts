import type { ChainDeployment } from '../../server/chains/deployment'
import type { LiquidityNetworkConfig } from '../../server/chains/liquidityNetworkConfig'
import { loadNetworkConfigWithLiquidity } from '../../server/chains/parseNetworkConfig'
import type { Config } from '../../server/config'

export interface ProvidedLiquidityNetwork {
  /** Where THORNode's API and the UTXO nodes answer; undefined in network mode without the section. */
  config: LiquidityNetworkConfig | undefined
  stop(): Promise<void>
}

/**
 * The liquidity network the server talks to: in devnet mode it starts the network's supervised workers
 * (`startLiquidityNetwork`, ports from DEVNET_PORT_BASE, state under DATA_DIR), in network mode it reads the
 * `liquidityNetwork` section of NETWORK_CONFIG (nothing to start or stop).
 */
export async function provideLiquidityNetwork(params: {
  config: Config
  /** The devnet's chains in devnet mode; undefined in network mode. */
  devnet: readonly ChainDeployment[] | undefined
  /** The devnet's `savedHeadPaths`: payouts and deposits on a saved chain are final once a save covers them. */
  savedHeadPaths?: ReadonlyMap<number, string>
  log: (message: string) => void
}): Promise<ProvidedLiquidityNetwork> {
  const { config } = params
  if (params.devnet === undefined) {
    const path = config.networkConfigPath
    const loaded = path === undefined ? undefined : await loadNetworkConfigWithLiquidity(path)
    return { config: loaded?.liquidityNetwork, stop: () => Promise.resolve() }
  }
  const { startLiquidityNetwork } = await import('./startLiquidityNetwork')
  const running = await startLiquidityNetwork({
    portBase: config.devnetPortBase,
    host: '127.0.0.1',
    dataDir: config.dataDir,
    log: params.log,
    deployments: params.devnet,
    ...(params.savedHeadPaths === undefined ? {} : { savedHeadPaths: params.savedHeadPaths }),
  })
  return { config: running.config, stop: running.stop }
}
