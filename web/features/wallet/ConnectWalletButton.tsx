import { ConnectButton } from '@rainbow-me/rainbowkit'
import { useReturnToChoiceOnFailedConnect } from './useReturnToChoiceOnFailedConnect'

/**
 * RainbowKit's connect / account button; chain switching lives in the app's own chain selector. A failed
 * connect reopens the wallet list and says so under the button.
 *
 * It is drawn through a portal into the app's connect slots, outside the element RainbowKitProvider renders,
 * while RainbowKit scopes every style rule and its theme variables to `[data-rk]` (without its `id` prop the
 * attribute is empty): the wrapper carries the attribute so the button is styled wherever it is drawn.
 */
export function ConnectWalletButton() {
  const failed = useReturnToChoiceOnFailedConnect()
  return (
    <span data-rk="" className="relative inline-block">
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
