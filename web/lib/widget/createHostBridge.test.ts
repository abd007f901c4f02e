import { describe, expect, test } from 'vitest'
import { createHostBridge } from './createHostBridge'
import type { HostToWidgetMessage } from './widgetProtocol'

function setup() {
  const listeners: ((event: MessageEvent) => void)[] = []
  const posted: { data: unknown; origin: string }[] = []
  const parent = { postMessage: (data: unknown, origin: string) => posted.push({ data, origin }) }
  const self = {
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.splice(listeners.indexOf(listener), 1),
  } as unknown as Pick<Window, 'addEventListener' | 'removeEventListener'>
  const bridge = createHostBridge({
    self,
    parent: parent as unknown as Pick<Window, 'postMessage'>,
    hostOrigin: 'https://host.example',
  })
  const dispatch = (data: unknown, origin: string, source: unknown) => {
    for (const listener of [...listeners]) listener({ data, origin, source } as MessageEvent)
  }
  return { bridge, parent, posted, dispatch, listeners }
}

const config = { source: 'tributary-widget', version: 1, type: 'config', config: { theme: 'dark' } }

describe('createHostBridge', () => {
  test('posts tagged messages to the host origin only', () => {
    const { bridge, posted } = setup()
    bridge.post({ type: 'ready' })
    expect(posted).toEqual([
      { data: { type: 'ready', source: 'tributary-widget', version: 1 }, origin: 'https://host.example' },
    ])
  })

  test('accepts the parent at the host origin and ignores other origins, frames and protocols', () => {
    const { bridge, parent, dispatch, listeners } = setup()
    const received: HostToWidgetMessage[] = []
    const unsubscribe = bridge.subscribe((message) => received.push(message))
    dispatch(config, 'https://evil.example', parent)
    dispatch(config, 'https://host.example', {})
    dispatch({ ...config, version: 2 }, 'https://host.example', parent)
    dispatch({ ...config, source: 'other' }, 'https://host.example', parent)
    dispatch({ ...config, type: 'unknown' }, 'https://host.example', parent)
    dispatch(config, 'https://host.example', parent)
    expect(received).toEqual([{ type: 'config', config: { theme: 'dark' } }])
    unsubscribe()
    expect(listeners).toEqual([])
  })
})
