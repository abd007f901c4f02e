import { ConnectButton } from '@rainbow-me/rainbowkit'

/** RainbowKit's connect / account button; chain switching lives in the app's own chain selector. */
export function ConnectWalletButton() {
  return (
    <ConnectButton chainStatus="none" showBalance={false} accountStatus="address" label="Connect wallet" />
  )
}
