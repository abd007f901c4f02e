import { useCallback, useEffect, useMemo, useState } from 'react'
import { type BridgedProvider, createBridgedProvider } from '../../lib/widget/createBridgedProvider'
import { createHostBridge, type HostBridge } from '../../lib/widget/createHostBridge'
import type { WidgetHost } from '../../lib/widget/WidgetContext'
import { parseWidgetConfig, type WidgetConfigInput, withWidgetDefaults } from '../../lib/widget/widgetConfig'
import type { WidgetEvent } from '../../lib/widget/widgetProtocol'
import { parseWidgetSearchParams } from './parseWidgetSearchParams'
import { selectHostOrigin } from './selectHostOrigin'

interface Setup {
  urlConfig: WidgetConfigInput
  urlErrors: string[]
  bridge: HostBridge | undefined
  provider: BridgedProvider | undefined
}

function setUp(): Setup {
  const parsed = parseWidgetSearchParams(window.location.search)
  const urlConfig = parsed.ok ? parsed.config : {}
  const framed = window.parent !== window
  const hostOrigin = framed
    ? selectHostOrigin({
        hostOrigins: urlConfig.hostOrigins ?? [],
        ancestorOrigin: window.location.ancestorOrigins?.[0],
        referrer: document.referrer,
      })
    : undefined
  const bridge =
    hostOrigin === undefined
      ? undefined
      : createHostBridge({ self: window, parent: window.parent, hostOrigin })
  return {
    urlConfig,
    urlErrors: parsed.ok ? [] : parsed.errors,
    bridge,
    provider: bridge !== undefined && urlConfig.wallet === 'host' ? createBridgedProvider(bridge) : undefined,
  }
}

/**
 * The widget's side of the embed: reads the configuration from the URL, opens the channel to the host page
 * (only when framed by one of the configuration's `hostOrigins`), applies `config` messages at any time (each
 * replaces the previous host configuration; fields it leaves out fall back to the URL's; `wallet` and
 * `hostOrigins` stay as loaded), answers invalid ones with `configError`, says `ready`, and reports the
 * content's height on every change (`resize`) so the host can size the iframe.
 */
export function useWidgetHost(): WidgetHost {
  const [setup] = useState(setUp)
  const [hostConfig, setHostConfig] = useState<WidgetConfigInput>({})
  const [configErrors, setConfigErrors] = useState<readonly string[]>(setup.urlErrors)
  const { bridge, urlConfig } = setup

  useEffect(() => {
    if (bridge === undefined) return
    const unsubscribe = bridge.subscribe((message) => {
      if (message.type !== 'config') return
      const parsed = parseWidgetConfig(message.config)
      if (!parsed.ok) {
        setConfigErrors(parsed.errors)
        bridge.post({ type: 'configError', errors: parsed.errors })
        return
      }
      const { wallet: _wallet, hostOrigins: _hostOrigins, ...rest } = parsed.config
      setConfigErrors([])
      setHostConfig(rest)
    })
    if (setup.urlErrors.length > 0) bridge.post({ type: 'configError', errors: setup.urlErrors })
    bridge.post({ type: 'ready' })
    return unsubscribe
  }, [bridge, setup.urlErrors])

  useEffect(() => {
    const root = document.getElementById('root')
    if (bridge === undefined || root === null) return
    let last = 0
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(root.getBoundingClientRect().height)
      if (height === last) return
      last = height
      bridge.post({ type: 'resize', height })
    })
    observer.observe(root)
    return () => observer.disconnect()
  }, [bridge])

  const emit = useCallback((event: WidgetEvent) => bridge?.post({ type: 'event', event }), [bridge])

  return useMemo(() => {
    const config = withWidgetDefaults({ ...urlConfig, ...hostConfig })
    return {
      config,
      themePreference: config.theme === 'auto' ? 'system' : config.theme,
      emit,
      provider: setup.provider,
      configErrors,
    }
  }, [urlConfig, hostConfig, emit, setup.provider, configErrors])
}
