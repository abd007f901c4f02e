import type { DisclaimerComponent } from '@rainbow-me/rainbowkit'
import { findWalletUrl } from './browserWallet'

/**
 * The connect modal's footer when the browser has no wallet extension and a devnet is served: says so, links
 * to where to get one and points at the devnet wallet.
 */
export const NoWalletExtensionNote: DisclaimerComponent = ({ Text, Link }) => (
  <Text>
    No wallet extension was found in this browser. <Link href={findWalletUrl}>Find a wallet</Link>, install it
    and reload this page, or use the Devnet wallet (test money, no extension needed).
  </Text>
)

/** The same note without a devnet: no extension was found, and where to get one. */
export const NoWalletExtensionNoteWithoutDevnet: DisclaimerComponent = ({ Text, Link }) => (
  <Text>
    No wallet extension was found in this browser. <Link href={findWalletUrl}>Find a wallet</Link>, install it
    and reload this page.
  </Text>
)
