import type { Wallet } from '@rainbow-me/rainbowkit'
import { getAddress, type Hex, numberToHex, SwitchChainError } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createConnector } from 'wagmi'
import { createLocalAccountProvider, type LocalAccountProvider } from '../../lib/createLocalAccountProvider'
import type { SafeStorage } from '../../lib/storage'
import { getDevnetPrivateKey } from './getDevnetPrivateKey'
import { toConnectAccounts } from './toConnectAccounts'

export interface DevnetWalletParams {
  storage: SafeStorage
  /** Called once when a new key was generated, to fund the new address (the devnet faucet). */
  fundAccount: (address: Hex) => Promise<unknown>
}

const connectedFlagKey = 'tributary.devnetWallet.connected'
const fundedFlagKey = 'tributary.devnetWallet.funded'
/** The devnet wallet's network, so a reload finds it where the user left it. */
export const devnetChainIdKey = 'tributary.devnetWallet.chainId'

const devnetIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0f766e"/><path d="M9 10h7a6 6 0 0 1 0 12H9z" fill="none" stroke="#fff" stroke-width="3"/></svg>',
)}`

/**
 * A RainbowKit wallet entry for the built-in devnet wallet: a private key generated in the browser and kept
 * in (safe) localStorage, signing locally and sending through the chains' RPC. On the first connect of a new
 * key, `fundAccount` is called with its address (never merely because the page loaded); a faucet failure does
 * not block connecting and is retried on the next connect. The wallet's network is kept in the same storage, so
 * a reload finds the wallet on the network it was on.
 */
export function devnetWallet(params: DevnetWalletParams): () => Wallet {
  return () => ({
    id: 'devnetWallet',
    name: 'Devnet wallet',
    shortName: 'Devnet',
    iconUrl: devnetIcon,
    iconBackground: '#0f766e',
    installed: true,
    createConnector: (walletDetails) =>
      createConnector<LocalAccountProvider>((config) => {
        let provider: LocalAccountProvider | undefined
        const onChainChanged = (chainId: unknown) => {
          params.storage.setItem(devnetChainIdKey, String(Number(chainId)))
          config.emitter.emit('change', { chainId: Number(chainId) })
        }

        const getProvider = async () => {
          if (provider !== undefined) return provider
          const { privateKey, created } = getDevnetPrivateKey(params.storage)
          if (created) params.storage.removeItem(fundedFlagKey)
          provider = createLocalAccountProvider({
            account: privateKeyToAccount(privateKey),
            chains: config.chains,
            chainId: Number(params.storage.getItem(devnetChainIdKey) ?? Number.NaN),
          })
          provider.on('chainChanged', onChainChanged)
          return provider
        }

        const fundOnce = async (address: Hex) => {
          if (params.storage.getItem(fundedFlagKey) === 'true') return
          try {
            await params.fundAccount(address)
            params.storage.setItem(fundedFlagKey, 'true')
          } catch (_error: unknown) {
            // the wallet still works unfunded (the balances panel shows zero); the next connect retries
          }
        }

        return {
          ...walletDetails,
          id: 'devnetWallet',
          name: 'Devnet wallet',
          type: 'devnetWallet',
          async connect({ chainId, withCapabilities } = {}) {
            const p = await getProvider()
            if (chainId !== undefined && chainId !== p.chainId)
              await p.request({
                method: 'wallet_switchEthereumChain',
                params: [{ chainId: numberToHex(chainId) }],
              })
            params.storage.setItem(connectedFlagKey, 'true')
            const accounts = (await p.request({ method: 'eth_accounts' })) as Hex[]
            const [address] = accounts
            if (address !== undefined) await fundOnce(address)
            return {
              accounts: toConnectAccounts(
                accounts.map((a) => getAddress(a)),
                withCapabilities,
              ),
              chainId: p.chainId,
            }
          },
          async disconnect() {
            params.storage.removeItem(connectedFlagKey)
          },
          async getAccounts() {
            const p = await getProvider()
            const accounts = (await p.request({ method: 'eth_accounts' })) as Hex[]
            return accounts.map((a) => getAddress(a))
          },
          async getChainId() {
            return (await getProvider()).chainId
          },
          getProvider,
          async isAuthorized() {
            return params.storage.getItem(connectedFlagKey) === 'true'
          },
          async switchChain({ chainId }) {
            const chain = config.chains.find((c) => c.id === chainId)
            if (chain === undefined) throw new SwitchChainError(new Error(`Chain ${chainId} not configured`))
            const p = await getProvider()
            await p.request({
              method: 'wallet_switchEthereumChain',
              params: [{ chainId: numberToHex(chainId) }],
            })
            return chain
          },
          onAccountsChanged(accounts) {
            if (accounts.length === 0) this.onDisconnect()
            else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a)) })
          },
          onChainChanged,
          onDisconnect() {
            params.storage.removeItem(connectedFlagKey)
            config.emitter.emit('disconnect')
          },
        }
      }),
  })
}
