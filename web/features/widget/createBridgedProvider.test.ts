import { describe, expect, test } from 'vitest'
import { BridgedRpcError, createBridgedProvider } from '../../lib/widget/createBridgedProvider'
import type { HostBridge } from '../../lib/widget/createHostBridge'
import type { HostToWidgetMessage, WidgetToHostMessage } from '../../lib/widget/widgetProtocol'

function fakeBridge() {
  const posted: WidgetToHostMessage[] = []
  let handler: ((message: HostToWidgetMessage) => void) | undefined
  const bridge: HostBridge = {
    hostOrigin: 'https://host.example',
    post: (message) => posted.push(message),
    subscribe: (h) => {
      handler = h
      return () => {
        handler = undefined
      }
    },
  }
  return { bridge, posted, deliver: (message: HostToWidgetMessage) => handler?.(message) }
}

describe('createBridgedProvider', () => {
  test('requests go to the host with ids and resolve with the matching answer', async () => {
    const { bridge, posted, deliver } = fakeBridge()
    const provider = createBridgedProvider(bridge)
    const accounts = provider.request({ method: 'eth_accounts' })
    const chain = provider.request({ method: 'eth_chainId', params: [] })
    expect(posted).toEqual([
      { type: 'rpcRequest', id: 1, method: 'eth_accounts', params: [] },
      { type: 'rpcRequest', id: 2, method: 'eth_chainId', params: [] },
    ])
    deliver({ type: 'rpcResponse', id: 2, result: '0x1' })
    deliver({ type: 'rpcResponse', id: 1, result: ['0xabc'] })
    expect(await chain).toBe('0x1')
    expect(await accounts).toEqual(['0xabc'])
  })

  test('errors keep their EIP-1193 code; events reach listeners until removed', async () => {
    const { bridge, deliver } = fakeBridge()
    const provider = createBridgedProvider(bridge)
    const sent = provider.request({ method: 'eth_sendTransaction', params: [{}] })
    deliver({ type: 'rpcResponse', id: 1, error: { code: 4001, message: 'User rejected' } })
    await expect(sent).rejects.toEqual(new BridgedRpcError(4001, 'User rejected'))
    await expect(sent).rejects.toHaveProperty('code', 4001)
    const seen: unknown[] = []
    const listener = (data: unknown) => seen.push(data)
    provider.on('chainChanged', listener)
    deliver({ type: 'providerEvent', event: 'chainChanged', data: '0x38' })
    provider.removeListener('chainChanged', listener)
    deliver({ type: 'providerEvent', event: 'chainChanged', data: '0x1' })
    expect(seen).toEqual(['0x38'])
  })
})
