import { parseHostMessage } from './parseHostMessage'
import { type HostToWidgetMessage, toWire, type WidgetToHostMessage } from './widgetProtocol'

/** The widget's side of the channel to its host page. */
export interface HostBridge {
  /** The host origin messages go to and come from. */
  readonly hostOrigin: string
  post(message: WidgetToHostMessage): void
  /** Subscribes to the host's messages; returns the unsubscribe function. */
  subscribe(handler: (message: HostToWidgetMessage) => void): () => void
}

/** What the bridge needs of the browser: the widget's window (for `message` events) and its parent. */
export interface BridgeWindows {
  self: Pick<Window, 'addEventListener' | 'removeEventListener'>
  parent: Pick<Window, 'postMessage'>
}

/**
 * Opens the channel to the host page at `hostOrigin`: posts only to that origin, and hands subscribers only
 * messages whose sender is the parent window, whose origin is `hostOrigin` and which parse as host messages of
 * this protocol version; everything else (other frames, other origins, other protocols) is ignored.
 */
export function createHostBridge(params: BridgeWindows & { hostOrigin: string }): HostBridge {
  const { self, parent, hostOrigin } = params
  return {
    hostOrigin,
    post(message) {
      parent.postMessage(toWire(message), hostOrigin)
    },
    subscribe(handler) {
      const listener = (event: MessageEvent) => {
        if (event.source !== parent || event.origin !== hostOrigin) return
        const message = parseHostMessage(event.data)
        if (message !== undefined) handler(message)
      }
      self.addEventListener('message', listener)
      return () => self.removeEventListener('message', listener)
    },
  }
}
