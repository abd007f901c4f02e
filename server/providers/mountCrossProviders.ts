import type { AddressNetwork } from '../chains/chainInfo'
import type { ChainDeployment } from '../chains/deployment'
import type { Markets } from '../market/createMarkets'
import { createAcrossProvider } from './across/createAcrossProvider'
import { createStargateProvider } from './stargate/createStargateProvider'
import { createMemoRegistrar } from './thorchain/createMemoRegistrar'
import { createThorchainProvider, type ThorchainProvider } from './thorchain/createThorchainProvider'
import { createThornodeClient } from './thorchain/createThornodeClient'
import type { CrossChainProvider } from './types'

/** The cross-chain providers the app mounts, and how addresses are written on the chains they serve. */
export interface MountedCrossProviders {
  providers: CrossChainProvider[]
  thorchain?: ThorchainProvider
  addressNetwork: AddressNetwork
}

/**
 * Mounts the providers whose networks are configured: Stargate and Across on the chains whose deployments carry
 * them (two at least), the liquidity network when a THORNode URL is given, on the chains its inbound addresses
 * list (routers pinned by the deployments' `liquidityRouter`, vaults confirmed by `thornodeCheckUrl` when given,
 * deposits without a memo built when `memoRegistrarKey` is given).
 * Those are read here; a THORNode that does not answer now is told to `onUnavailable` and the provider is
 * mounted all the same (a restart under load must not lose the network, nor the status of its stored trades,
 * for the server's life): its chains are read on first use, its quotes answer 503 until THORNode answers.
 * `addressNetwork` is `regtest` for the devnet's UTXO ledgers.
 */
export async function mountCrossProviders(params: {
  /** Stargate is mounted where the deployments carry a `stargate` section (and `layerZero`). */
  deployments: readonly ChainDeployment[]
  markets: Markets
  /** THORNode, and the second source a deposit's vault must agree with (`thornodeCheckUrl`) when given. */
  liquidityNetwork?: { thornodeUrl: string; thornodeCheckUrl?: string }
  /** The THORChain key that registers memos of deposits paid without one; absent: none are built. */
  memoRegistrarKey?: Uint8Array
  addressNetwork: AddressNetwork
  onUnavailable?: (provider: string, error: unknown) => void
}): Promise<MountedCrossProviders> {
  const providers: CrossChainProvider[] = []
  const stargate = createStargateProvider({ deployments: params.deployments, markets: params.markets })
  if (stargate.chainIds.length >= 2) providers.push(stargate)
  const across = createAcrossProvider({ deployments: params.deployments, markets: params.markets })
  if (across.chainIds.length >= 2) providers.push(across)
  let thorchain: ThorchainProvider | undefined
  if (params.liquidityNetwork !== undefined) {
    const { thornodeUrl, thornodeCheckUrl } = params.liquidityNetwork
    const client = createThornodeClient({ baseUrl: thornodeUrl })
    // routers are pinned by the deployments' `liquidityRouter` (the provider's default)
    thorchain = createThorchainProvider({
      client,
      deployments: params.deployments,
      markets: params.markets,
      ...(thornodeCheckUrl === undefined
        ? {}
        : { inboundCheck: createThornodeClient({ baseUrl: thornodeCheckUrl }) }),
      ...(params.memoRegistrarKey === undefined
        ? {}
        : {
            memoless: { registrar: createMemoRegistrar({ client, key: params.memoRegistrarKey }), client },
          }),
    })
    providers.push(thorchain)
    // read now so the first answers know the served chains; a THORNode that is slow now is read on first use
    await thorchain.inboundAddresses().catch((error: unknown) => params.onUnavailable?.('thorchain', error))
  }
  return {
    providers,
    ...(thorchain === undefined ? {} : { thorchain }),
    addressNetwork: params.addressNetwork,
  }
}
