import type { WidgetConfigInput } from './widgetConfig'

/** Tag on every message of the widget protocol; messages without it are not ours. */
export const widgetMessageSource = 'tributary-widget'
/** Protocol version; a message of another version is ignored. */
export const widgetProtocolVersion = 1

/** A token as events describe it: checksummed address (zero address for the native coin) and symbol. */
export interface WidgetEventToken {
  address: string
  symbol: string
  decimals: number
}

/**
 * The events the widget sends its host, each with its payload. Amounts are exact decimal strings of base
 * units; hashes are 0x-prefixed transaction hashes.
 */
export type WidgetEvent =
  | { name: 'walletConnected'; address: string; chainId: number }
  | { name: 'chainChanged'; chainId: number }
  | { name: 'tokenChanged'; chainId: number; side: 'from' | 'to'; token: WidgetEventToken }
  | {
      name: 'quoteReceived'
      chainId: number
      from: WidgetEventToken
      to: WidgetEventToken
      amountIn: string
      amountOut: string
      exchangeId: string
      priceImpact: number
    }
  | { name: 'routeSelected'; chainId: number; exchangeId: string }
  | { name: 'highPriceImpact'; chainId: number; exchangeId: string; priceImpact: number }
  | { name: 'approvalStarted'; chainId: number; token: WidgetEventToken; owner: string }
  | { name: 'approvalFinished'; chainId: number; token: WidgetEventToken; hashes: string[]; ok: boolean }
  | {
      name: 'swapStarted'
      chainId: number
      from: WidgetEventToken
      to: WidgetEventToken
      amountIn: string
      quotedAmountOut: string
      exchangeId: string
    }
  | { name: 'swapUpdated'; chainId: number; hash: string; status: 'pending' }
  | {
      name: 'swapCompleted'
      chainId: number
      hash: string
      from: WidgetEventToken
      to: WidgetEventToken
      amountIn: string
      amountOut: string
    }
  | { name: 'swapFailed'; chainId: number; hash: string | undefined; message: string }

export type WidgetEventName = WidgetEvent['name']

/** Messages from the host page to the widget. */
export type HostToWidgetMessage =
  | { type: 'config'; config: WidgetConfigInput }
  | { type: 'rpcResponse'; id: number; result?: unknown; error?: { code: number; message: string } }
  | { type: 'providerEvent'; event: 'accountsChanged' | 'chainChanged' | 'disconnect'; data: unknown }

/** Messages from the widget to its host page. */
export type WidgetToHostMessage =
  | { type: 'ready' }
  | { type: 'event'; event: WidgetEvent }
  | { type: 'configError'; errors: string[] }
  | { type: 'resize'; height: number }
  | { type: 'rpcRequest'; id: number; method: string; params: unknown }

/** A protocol message on the wire: the payload plus the source tag and version. */
export type WireMessage<T> = T & { source: typeof widgetMessageSource; version: typeof widgetProtocolVersion }

/** Wraps a payload for `postMessage`. */
export function toWire<T extends object>(message: T): WireMessage<T> {
  return { ...message, source: widgetMessageSource, version: widgetProtocolVersion }
}

/** True when `data` is a message of this protocol and version (any payload type). */
export function isWireMessage(data: unknown): data is WireMessage<{ type: string }> {
  return (
    typeof data === 'object' &&
    data !== null &&
    'source' in data &&
    data.source === widgetMessageSource &&
    'version' in data &&
    data.version === widgetProtocolVersion &&
    'type' in data &&
    typeof data.type === 'string'
  )
}
