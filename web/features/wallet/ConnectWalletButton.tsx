import { ConnectButton } from '@rainbow-me/rainbowkit'
import { useReturnToChoiceOnFailedConnect } from './useReturnToChoiceOnFailedConnect'

/**
 * RainbowKit's connect / account button; chain switching lives in the app's own chain selector. A failed
 * connect reopens the wallet list and says so under the button.
 */
export function ConnectWalletButton() {
  const failed = useReturnToChoiceOnFailedConnect()
  return (
    <span className="relative inline-block">
      <ConnectButton chainStatus="none" showBalance={false} accountStatus="address" label="Connect wallet" />
      <span
        role="status"
        className="absolute top-full right-0 mt-1 w-max max-w-64 text-right text-xs text-danger"
      >
        {failed ? 'The wallet did not connect. Choose a wallet to try again.' : ''}
      </span>
    </span>
  )
}
