import { useCallback, useId } from 'react'
import { useWalletSessionContext } from './useWalletSession'

/**
 * Where the wallet button goes. Until the wallet module is loaded a light "Connect wallet" button stands in:
 * a click downloads the wallet module and then opens its connect modal. Once loaded, the module fills the slot
 * with its own account button.
 */
export function ConnectWalletSlot() {
  const id = useId()
  const { session, loading, loadFailed, requestConnect, setConnectSlot } = useWalletSessionContext()
  const slotRef = useCallback(
    (element: HTMLSpanElement | null) => setConnectSlot(id, element),
    [id, setConnectSlot],
  )
  return (
    <span className="relative inline-block">
      <span ref={slotRef} className="contents" />
      {session === undefined && (
        <>
          <button
            type="button"
            onClick={requestConnect}
            aria-busy={loading}
            className="rounded-xl bg-accent px-3.5 py-2 text-base font-bold text-accent-fg shadow-sm hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            Connect wallet
          </button>
          <span
            role="status"
            className="absolute top-full right-0 mt-1 w-max max-w-64 text-right text-xs text-danger"
          >
            {loadFailed ? 'The wallet could not load. Check the connection and try again.' : ''}
          </span>
        </>
      )}
    </span>
  )
}
