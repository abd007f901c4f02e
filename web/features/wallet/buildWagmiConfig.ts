import { connectorsForWallets, type WalletList } from '@rainbow-me/rainbowkit'
import { walletConnectWallet } from '@rainbow-me/rainbowkit/wallets'
import type { Chain, Hex } from 'viem'
import { type Config, createConfig, createStorage, http, type Transport } from 'wagmi'
import type { EvmChainRecord } from '../../lib/api'
import type { SafeStorage } from '../../lib/storage'
import { toViemChain } from '../../lib/toViemChain'
import { wagmiStorageKey } from '../walletSession'
import { browserWallet } from './browserWallet'
import { devnetWallet } from './devnetWallet'

export interface BuildWagmiConfigParams {
  chains: readonly EvmChainRecord[]
  /** Origin the chains' relative RPC paths resolve against (`location.origin` in the browser). */
  origin: string
  appName: string
  /** Adds WalletConnect only when set; without it nothing talks to WalletConnect's servers. */
  walletConnectProjectId: string | undefined
  storage: SafeStorage
  fundDevnetAccount: (address: Hex) => Promise<unknown>
  /** True when the page has an injected wallet provider (`window.ethereum`). */
  hasInjectedProvider: () => boolean
  /** Replaces the wallet list (the widget offers only the host page's wallet when configured so). */
  wallets?: WalletList | undefined
}

export class NoChainsError extends Error {
  override name = 'NoChainsError'
}

/**
 * Builds the wagmi config at runtime from the API's chain list: one viem chain and one http transport
 * (same-origin RPC proxy) per chain, injected wallets (EIP-6963 discovery plus `window.ethereum`), the
 * built-in devnet wallet when any chain is a devnet, and WalletConnect only with a project id (or `wallets`
 * instead of all these). Wallet state
 * persists through the safe storage and is restored (hydrated, then reconnected) when the provider mounts. Throws `NoChainsError` for an empty list.
 */
export function buildWagmiConfig(params: BuildWagmiConfigParams): Config {
  const viemChains = params.chains.map((record) => toViemChain({ record, origin: params.origin }))
  const [first, ...rest] = viemChains
  if (first === undefined) throw new NoChainsError('The server returned no chains')
  const chains: readonly [Chain, ...Chain[]] = [first, ...rest]

  const walletList: WalletList = [...(params.wallets ?? [])]
  if (params.wallets === undefined) {
    if (params.chains.some((c) => c.isDevnet))
      walletList.push({
        groupName: 'Devnet',
        wallets: [devnetWallet({ storage: params.storage, fundAccount: params.fundDevnetAccount })],
      })
    const injected = browserWallet({ hasInjectedProvider: params.hasInjectedProvider })
    walletList.push({
      groupName: 'Browser',
      wallets: params.walletConnectProjectId === undefined ? [injected] : [injected, walletConnectWallet],
    })
  }

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
    storage: createStorage({ storage: params.storage, key: wagmiStorageKey }),
    // wagmi's storage reads are async, so a store that hydrates itself on creation (`ssr: false`) races the
    // reconnect on mount: hydration landing after it restored the previous page's connector id and the page
    // showed "Connect wallet" after a reload. With `ssr: true` the provider hydrates first, then reconnects.
    ssr: true,
  })
}
