import type { HostBridge } from './createHostBridge'

type Listener = (payload: unknown) => void
type ProviderEventName = 'accountsChanged' | 'chainChanged' | 'disconnect' | 'connect'

/** EIP-1193 error carried back from the host's wallet (`code` 4001 rejected, 4902 unknown chain...). */
export class BridgedRpcError extends Error {
  override name = 'BridgedRpcError'
  readonly code: number

  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

/** An EIP-1193 provider whose requests the host page's wallet answers. */
export interface BridgedProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: ProviderEventName, listener: Listener): void
  removeListener(event: ProviderEventName, listener: Listener): void
}

/**
 * The host's wallet as an EIP-1193 provider inside the widget: each `request` goes to the host as an
 * `rpcRequest` with a fresh id and resolves (or rejects with `BridgedRpcError`) when the host's `rpcResponse`
 * with that id arrives; the host's `providerEvent`s (accounts, chain, disconnect) reach the listeners.
 */
export function createBridgedProvider(bridge: HostBridge): BridgedProvider {
  let nextId = 1
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const listeners = new Map<ProviderEventName, Set<Listener>>()
  bridge.subscribe((message) => {
    if (message.type === 'rpcResponse') {
      const waiting = pending.get(message.id)
      if (waiting === undefined) return
      pending.delete(message.id)
      if (message.error !== undefined)
        waiting.reject(new BridgedRpcError(message.error.code, message.error.message))
      else waiting.resolve(message.result)
    } else if (message.type === 'providerEvent') {
      for (const listener of listeners.get(message.event) ?? []) listener(message.data)
    }
  })
  return {
    request({ method, params }) {
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        bridge.post({ type: 'rpcRequest', id, method, params: params ?? [] })
      })
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
