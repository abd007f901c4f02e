import { useConnectModal } from '@rainbow-me/rainbowkit'
import { useEffect, useRef, useState } from 'react'
import { useAccount } from 'wagmi'

/**
 * After a connect attempt fails (the user rejected it in the wallet, or the wallet errored), RainbowKit leaves
 * its modal on "Opening …" with only Retry; this closes that view and reopens the modal on the wallet list, so a
 * rejected connect returns to the choice. Returns whether the last attempt failed (until the next one starts),
 * for a short note beside the connect button.
 */
export function useReturnToChoiceOnFailedConnect(): boolean {
  const { status } = useAccount()
  const { connectModalOpen, openConnectModal } = useConnectModal()
  const previous = useRef(status)
  const [failed, setFailed] = useState(false)
  const [reopen, setReopen] = useState(false)

  useEffect(() => {
    const before = previous.current
    previous.current = status
    if (status === 'connecting') setFailed(false)
    if (before === 'connecting' && status === 'disconnected') {
      setFailed(true)
      if (connectModalOpen) {
        // RainbowKit closes its modal on Escape (it has no close function for the connect modal); after this
        // commit, once its listener sees the current state
        setTimeout(() => {
          document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
          setReopen(true)
        }, 0)
      }
    }
  }, [status, connectModalOpen])

  useEffect(() => {
    if (reopen && !connectModalOpen && openConnectModal !== undefined) {
      setReopen(false)
      openConnectModal()
    }
  }, [reopen, connectModalOpen, openConnectModal])

  return failed
}
