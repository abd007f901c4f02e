import { createContext, useContext } from 'react'
import type { ThemePreference } from '../theme'
import type { BridgedProvider } from './createBridgedProvider'
import type { WidgetConfig } from './widgetConfig'
import type { WidgetEvent } from './widgetProtocol'

/** What the embed mode gives the app: the effective configuration, the event sink and the host's wallet. */
export interface WidgetHost {
  config: WidgetConfig
  /** The theme the configuration asks for, as the app's theme preference. */
  themePreference: ThemePreference
  /** Sends an event to the host page (nothing happens without a host). */
  emit(event: WidgetEvent): void
  /** The host page's wallet, when the configuration chose `wallet: 'host'` and a host is connected. */
  provider: BridgedProvider | undefined
  /** Problems with the configuration the widget ignored (also reported to the host). */
  configErrors: readonly string[]
}

/** Holds the widget host on `/widget`; undefined everywhere else. */
export const WidgetContext = createContext<WidgetHost | undefined>(undefined)

/** The widget host in embed mode, undefined in the full app. */
export function useWidget(): WidgetHost | undefined {
  return useContext(WidgetContext)
}
