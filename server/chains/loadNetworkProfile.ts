import { hexToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { Config } from '../config'
import { ConfigError } from '../config'
import type { NetworkProfile } from './networkProfile'
import { loadNetworkConfigWithLiquidity } from './parseNetworkConfig'

/**
 * The profile of real chains: NETWORK_CONFIG's deployments and liquidity network section, trades counted
 * after 2 confirmations, nodes watched for liveness, the gasless relayer on GASLESS_RELAYER_KEY (none
 * without it), the memo registrar of deposits without a memo on THORCHAIN_MEMO_REGISTRAR_KEY (none without it). Nothing to start or stop. Throws `ConfigError` when NETWORK_CONFIG is unset (`npm start`
 * runs the devnet then) and `NetworkConfigError` on a bad file.
 */
export async function loadNetworkProfile(config: Config): Promise<NetworkProfile> {
  if (config.networkConfigPath === undefined) {
    throw new ConfigError([
      'NETWORK_CONFIG: required to serve real chains (npm start runs the devnet without it)',
    ])
  }
  const loaded = await loadNetworkConfigWithLiquidity(config.networkConfigPath)
  return {
    kind: 'network',
    deployments: loaded.chains,
    liquidityNetwork: loaded.liquidityNetwork,
    ...(config.thorchainMemoRegistrarKey === undefined
      ? {}
      : { memoRegistrarKey: hexToBytes(config.thorchainMemoRegistrarKey) }),
    addressNetwork: 'mainnet',
    following: { tradeConfirmations: 2, tradePollMs: 2_000, crossFollowMs: 5_000, watchLiveness: true },
    gasless: {
      account:
        config.gaslessRelayerKey === undefined ? undefined : privateKeyToAccount(config.gaslessRelayerKey),
      intervalMs: 1_000,
    },
    routes: [],
    ready: Promise.resolve(),
    close: () => Promise.resolve(),
  }
}
