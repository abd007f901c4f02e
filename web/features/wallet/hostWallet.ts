import type { Wallet } from '@rainbow-me/rainbowkit'
import { getAddress, type Hex, numberToHex, SwitchChainError } from 'viem'
import { createConnector } from 'wagmi'
import type { BridgedProvider } from '../../lib/widget/createBridgedProvider'
import { toConnectAccounts } from './toConnectAccounts'

const hostIcon = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#334155"/><path d="M8 16h16M16 8v16" stroke="#fff" stroke-width="3"/></svg>',
)}`

/** The id of the host wallet's connector (the widget connects it by itself). */
export const hostWalletId = 'hostWallet'

const toAddresses = (value: unknown) =>
  (Array.isArray(value) ? value : []).filter((a): a is Hex => typeof a === 'string').map((a) => getAddress(a))

/**
 * A RainbowKit wallet entry for the host page's wallet bridged over `postMessage` (`createBridgedProvider`):
 * accounts, chain and signing all come from the host; its `accountsChanged`/`chainChanged`/`disconnect` events
 * update wagmi; a chain switch asks the host (`wallet_switchEthereumChain`).
 */
export function hostWallet(provider: BridgedProvider): () => Wallet {
  return () => ({
    id: hostWalletId,
    name: 'Host wallet',
    iconUrl: hostIcon,
    iconBackground: '#334155',
    installed: true,
    createConnector: (walletDetails) =>
      createConnector<BridgedProvider>((config) => {
        const readChainId = async () => Number(await provider.request({ method: 'eth_chainId' }))
        const onAccountsChanged = (accounts: unknown) => {
          const list = toAddresses(accounts)
          if (list.length === 0) config.emitter.emit('disconnect')
          else config.emitter.emit('change', { accounts: list })
        }
        const onChainChanged = (chainId: unknown) =>
          config.emitter.emit('change', { chainId: Number(chainId) })
        const onDisconnect = () => config.emitter.emit('disconnect')
        return {
          ...walletDetails,
          id: hostWalletId,
          name: 'Host wallet',
          type: hostWalletId,
          async setup() {
            provider.on('accountsChanged', onAccountsChanged)
            provider.on('chainChanged', onChainChanged)
            provider.on('disconnect', onDisconnect)
          },
          async connect({ chainId, withCapabilities } = {}) {
            const accounts = toAddresses(await provider.request({ method: 'eth_requestAccounts' }))
            let current = await readChainId()
            if (chainId !== undefined && chainId !== current) {
              await provider.request({
                method: 'wallet_switchEthereumChain',
                params: [{ chainId: numberToHex(chainId) }],
              })
              current = chainId
            }
            return { accounts: toConnectAccounts(accounts, withCapabilities), chainId: current }
          },
          async disconnect() {},
          async getAccounts() {
            return toAddresses(await provider.request({ method: 'eth_accounts' }))
          },
          getChainId: readChainId,
          async getProvider() {
            return provider
          },
          async isAuthorized() {
            return toAddresses(await provider.request({ method: 'eth_accounts' })).length > 0
          },
          async switchChain({ chainId }) {
            const chain = config.chains.find((c) => c.id === chainId)
            if (chain === undefined) throw new SwitchChainError(new Error(`Chain ${chainId} not configured`))
            await provider.request({
              method: 'wallet_switchEthereumChain',
              params: [{ chainId: numberToHex(chainId) }],
            })
            return chain
          },
          onAccountsChanged,
          onChainChanged,
          onDisconnect,
        }
      }),
  })
}
