import type { WidgetConfigInput } from '../lib/widget/widgetConfig'
import { isWireMessage, toWire, type WidgetEvent, type WidgetEventName } from '../lib/widget/widgetProtocol'

/** The host page's wallet, any EIP-1193 provider (`window.ethereum`, a wallet SDK's provider). */
export interface HostProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (data: unknown) => void): unknown
  removeListener?(event: string, listener: (data: unknown) => void): unknown
}

/** Events a host can listen to: the widget's events by name, plus the embed's own. */
export type WidgetHandlerMap = {
  [N in WidgetEventName]: (event: Extract<WidgetEvent, { name: N }>) => void
} & {
  /** Every widget event, in order. */
  event: (event: WidgetEvent) => void
  /** The widget loaded and listens for configuration. */
  ready: () => void
  /** The widget rejected a configuration (URL or `update`); it keeps the previous one. */
  configError: (errors: string[]) => void
  /** The iframe was resized to the widget's content height (pixels). */
  resize: (height: number) => void
}

export interface MountOptions {
  /** Origin serving the widget (where this script comes from, by default). */
  origin: string
  /** Configuration, as `/widget` takes it (see docs/widget.md). */
  config?: WidgetConfigInput
  /** With `config.wallet: 'host'`, the wallet the widget uses: requests and events go over `postMessage`. */
  provider?: HostProvider
  /** Smallest iframe height in pixels, room for the token and review dialogs (560 by default). */
  minHeight?: number
  /** The iframe's accessible title ("Swap widget" by default). */
  title?: string
}

export interface WidgetHandle {
  readonly iframe: HTMLIFrameElement
  /** Replaces the configuration given at mount or by the last update (fields left out fall back to the URL's). */
  update(config: WidgetConfigInput): void
  on<K extends keyof WidgetHandlerMap>(name: K, handler: WidgetHandlerMap[K]): void
  off<K extends keyof WidgetHandlerMap>(name: K, handler: WidgetHandlerMap[K]): void
  /** Removes the iframe and every listener. */
  destroy(): void
}

const providerEvents = ['accountsChanged', 'chainChanged', 'disconnect'] as const

function errorOf(error: unknown): { code: number; message: string } {
  const code =
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'number'
      ? error.code
      : -32603
  const message = error instanceof Error ? error.message : String(error)
  return { code, message }
}

/**
 * Embeds the widget in `element`: an iframe on `origin` at `/widget`, configured from `config` (and told the
 * page's origin, the only one it will talk to), resized to its content; returns a handle to update the
 * configuration, listen to typed events and remove it. Messages are only posted to `origin` and only accepted
 * from the widget's iframe at `origin`. With a `provider`, the widget's wallet requests are answered by it
 * and its account, chain and disconnect events are forwarded.
 */
export function mountWidget(element: HTMLElement, options: MountOptions): WidgetHandle {
  const widgetOrigin = new URL(options.origin).origin
  const config = options.config ?? {}
  const { wallet, hostOrigins: _ignored, ...rest } = config
  const url = new URL('/widget', widgetOrigin)
  url.searchParams.set('config', JSON.stringify(rest))
  url.searchParams.set('hostOrigin', window.location.origin)
  if (wallet !== undefined) url.searchParams.set('wallet', wallet)

  const iframe = document.createElement('iframe')
  iframe.src = url.toString()
  iframe.title = options.title ?? 'Swap widget'
  const minHeight = options.minHeight ?? 560
  iframe.style.cssText = `display:block;width:100%;border:0;height:${minHeight}px;color-scheme:normal`
  iframe.setAttribute('allow', 'clipboard-write')
  element.appendChild(iframe)

  const handlers = new Map<string, Set<(...args: never[]) => void>>()
  const fire = (name: string, ...args: unknown[]) => {
    for (const handler of handlers.get(name) ?? []) (handler as (...a: unknown[]) => void)(...args)
  }
  let ready = false
  let pendingConfig: WidgetConfigInput | undefined
  const post = (message: object) => iframe.contentWindow?.postMessage(toWire(message), widgetOrigin)
  const provider = options.provider

  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || event.origin !== widgetOrigin) return
    const data: unknown = event.data
    if (!isWireMessage(data)) return
    const message = data as { type: string } & Record<string, unknown>
    if (message.type === 'ready') {
      ready = true
      if (pendingConfig !== undefined) post({ type: 'config', config: pendingConfig })
      pendingConfig = undefined
      fire('ready')
    } else if (message.type === 'resize' && typeof message.height === 'number') {
      iframe.style.height = `${Math.max(minHeight, Math.ceil(message.height))}px`
      fire('resize', message.height)
    } else if (message.type === 'configError') {
      fire('configError', message.errors)
    } else if (message.type === 'event') {
      const widgetEvent = message.event as WidgetEvent
      fire('event', widgetEvent)
      fire(widgetEvent.name, widgetEvent)
    } else if (message.type === 'rpcRequest' && typeof message.id === 'number') {
      const id = message.id
      if (provider === undefined) {
        post({ type: 'rpcResponse', id, error: { code: 4100, message: 'The host has no wallet' } })
        return
      }
      provider
        .request({ method: String(message.method), params: message.params })
        .then((result) => post({ type: 'rpcResponse', id, result }))
        .catch((error: unknown) => post({ type: 'rpcResponse', id, error: errorOf(error) }))
    }
  }
  window.addEventListener('message', onMessage)

  const forwarders = providerEvents.map((name) => {
    const listener = (payload: unknown) => post({ type: 'providerEvent', event: name, data: payload })
    provider?.on?.(name, listener)
    return { name, listener }
  })

  return {
    iframe,
    update(next) {
      const { wallet: _w, hostOrigins: _h, ...changeable } = next
      if (ready) post({ type: 'config', config: changeable })
      else pendingConfig = changeable
    },
    on(name, handler) {
      const set = handlers.get(name) ?? new Set()
      set.add(handler)
      handlers.set(name, set)
    },
    off(name, handler) {
      handlers.get(name)?.delete(handler)
    },
    destroy() {
      window.removeEventListener('message', onMessage)
      for (const { name, listener } of forwarders) provider?.removeListener?.(name, listener)
      handlers.clear()
      iframe.remove()
    },
  }
}
