import { type ComponentType, type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  type WalletSession,
  WalletSessionContext,
  type WalletSessionContextValue,
} from './WalletSessionContext'

/** What the provider hands the loaded wallet module: where to publish its session and fill account buttons. */
export interface WalletHostProps {
  /** Publishes the session (undefined when the host unmounts). */
  onSession: (session: WalletSession | undefined) => void
  /** Elements (by slot id) the host fills with its account button, through portals. */
  slots: ReadonlyMap<string, HTMLElement>
}

/**
 * Provides the wallet session without loading wallet code: `load` (a dynamic import of the wallet module's host
 * component, rendered with `settings`) runs only on "Connect"
 * (`requestConnect`, which then opens the connect modal) or at once when `loadAtOnce` (a wallet was connected
 * before, or the widget's host lends its wallet). The loaded host renders beside `children`, not around them, so
 * loading it never remounts the app; it publishes the session into this context.
 */
export function WalletSessionProvider<S extends object>({
  load,
  settings,
  loadAtOnce,
  children,
}: {
  load: () => Promise<ComponentType<WalletHostProps & S>>
  settings: S
  loadAtOnce: boolean
  children: ReactNode
}) {
  const [host, setHost] = useState<{ Host: ComponentType<WalletHostProps & S> } | undefined>(undefined)
  const [loading, setLoading] = useState(false)
  const [loadFailed, setLoadFailed] = useState(false)
  const [session, setSession] = useState<WalletSession | undefined>(undefined)
  const [openRequested, setOpenRequested] = useState(false)
  const [slots, setSlots] = useState<ReadonlyMap<string, HTMLElement>>(() => new Map())
  const started = useRef(false)
  const loadRef = useRef(load)
  loadRef.current = load

  const start = useCallback(() => {
    if (started.current) return
    started.current = true
    setLoading(true)
    setLoadFailed(false)
    loadRef.current().then(
      (Host) => {
        setHost({ Host })
        setLoading(false)
      },
      (_error: unknown) => {
        started.current = false
        setLoading(false)
        setLoadFailed(true)
        setOpenRequested(false)
      },
    )
  }, [])

  useEffect(() => {
    if (loadAtOnce) start()
  }, [loadAtOnce, start])

  const openConnectModal = session?.openConnectModal
  const isConnected = session?.isConnected ?? false
  useEffect(() => {
    if (!openRequested) return
    if (isConnected) setOpenRequested(false)
    else if (openConnectModal !== undefined) {
      setOpenRequested(false)
      openConnectModal()
    }
  }, [openRequested, openConnectModal, isConnected])

  const requestConnect = useCallback(() => {
    setOpenRequested(true)
    start()
  }, [start])

  const setConnectSlot = useCallback((id: string, element: HTMLElement | null) => {
    setSlots((current) => {
      if (element === null ? !current.has(id) : current.get(id) === element) return current
      const next = new Map(current)
      if (element === null) next.delete(id)
      else next.set(id, element)
      return next
    })
  }, [])

  const value = useMemo<WalletSessionContextValue>(
    () => ({ session, loading, loadFailed, requestConnect, setConnectSlot }),
    [session, loading, loadFailed, requestConnect, setConnectSlot],
  )
  return (
    <WalletSessionContext.Provider value={value}>
      {children}
      {host !== undefined && <host.Host {...settings} onSession={setSession} slots={slots} />}
    </WalletSessionContext.Provider>
  )
}
