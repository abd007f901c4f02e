import { connectorsForWallets, type WalletList } from '@rainbow-me/rainbowkit'
import { injectedWallet, walletConnectWallet } from '@rainbow-me/rainbowkit/wallets'
import type { Chain, Hex } from 'viem'
import { type Config, createConfig, createStorage, http, type Transport } from 'wagmi'
import type { ChainRecord } from '../../lib/api'
import type { SafeStorage } from '../../lib/storage'
import { toViemChain } from '../../lib/toViemChain'
import { devnetWallet } from './devnetWallet'

export interface BuildWagmiConfigParams {
  chains: readonly ChainRecord[]
  /** Origin the chains' relative RPC paths resolve against (`location.origin` in the browser). */
  origin: string
  appName: string
  /** Adds WalletConnect only when set; without it nothing talks to WalletConnect's servers. */
  walletConnectProjectId: string | undefined
  storage: SafeStorage
  fundDevnetAccount: (address: Hex) => Promise<unknown>
}

export class NoChainsError extends Error {
  override name = 'NoChainsError'
}

/**
 * Builds the wagmi config at runtime from the API's chain list: one viem chain and one http transport
 * (same-origin RPC proxy) per chain, injected wallets (EIP-6963 discovery plus `window.ethereum`), the
 * built-in devnet wallet when any chain is a devnet, and WalletConnect only with a project id. Wallet state
 * persists through the safe storage. Throws `NoChainsError` for an empty list.
 */
export function buildWagmiConfig(params: BuildWagmiConfigParams): Config {
  const viemChains = params.chains.map((record) => toViemChain({ record, origin: params.origin }))
  const [first, ...rest] = viemChains
  if (first === undefined) throw new NoChainsError('The server returned no chains')
  const chains: readonly [Chain, ...Chain[]] = [first, ...rest]

  const walletList: WalletList = []
  if (params.chains.some((c) => c.isDevnet))
    walletList.push({
      groupName: 'Devnet',
      wallets: [devnetWallet({ storage: params.storage, fundAccount: params.fundDevnetAccount })],
    })
  walletList.push({
    groupName: 'Browser',
    wallets:
      params.walletConnectProjectId === undefined ? [injectedWallet] : [injectedWallet, walletConnectWallet],
  })

  const connectors = connectorsForWallets(walletList, {
    appName: params.appName,
    projectId: params.walletConnectProjectId ?? 'unused',
  })
  const transports: Record<number, Transport> = Object.fromEntries(
    viemChains.map((chain) => [chain.id, http(chain.rpcUrls.default.http[0])]),
  )

  return createConfig({
    chains,
    transports,
    connectors,
    multiInjectedProviderDiscovery: true,
    storage: createStorage({ storage: params.storage, key: 'tributary.wagmi' }),
    ssr: false,
  })
}
