import type { DisclaimerComponent } from '@rainbow-me/rainbowkit'
import { findWalletUrl } from './browserWallet'

/**
 * The connect modal's footer when the browser has no wallet extension: says so, links to where to get one,
 * and points at the devnet wallet when there is one.
 */
export function createNoWalletExtensionNote(params: { hasDevnet: boolean }): DisclaimerComponent {
  return function NoWalletExtensionNote({ Text, Link }) {
    return (
      <Text>
        No wallet extension was found in this browser. <Link href={findWalletUrl}>Find a wallet</Link>,
        install it and reload this page
        {params.hasDevnet ? ', or use the Devnet wallet (test money, no extension needed).' : '.'}
      </Text>
    )
  }
}
