import type { Wallet } from '@rainbow-me/rainbowkit'
import { injectedWallet } from '@rainbow-me/rainbowkit/wallets'

/** Where a user without a wallet extension can choose one (linked, never fetched). */
export const findWalletUrl = 'https://ethereum.org/en/wallets/find-wallet/'

/**
 * RainbowKit's browser (injected) wallet, marked installed only when the page has an injected provider
 * (`hasInjectedProvider`, `window.ethereum` in the browser). Without one, choosing it shows RainbowKit's "not
 * installed" page, which explains that an extension is needed and links to `findWalletUrl`, instead of a
 * connect spinner that never ends.
 */
export function browserWallet(params: { hasInjectedProvider: () => boolean }): () => Wallet {
  return () => {
    const base = injectedWallet()
    const download = findWalletUrl
    return {
      ...base,
      installed: params.hasInjectedProvider(),
      downloadUrls: {
        browserExtension: download,
        chrome: download,
        edge: download,
        firefox: download,
        opera: download,
        safari: download,
      },
    }
  }
}
