import { type ReactNode, useEffect } from 'react'
import { WidgetContext } from '../../lib/widget/WidgetContext'
import { applyWidgetTheme } from './applyWidgetTheme'
import { useWidgetHost } from './useWidgetHost'

/**
 * Embed mode around the app (loaded lazily on `/widget` only, so the full app never loads the widget's code):
 * provides the widget host (configuration, events, host wallet) to everything below and applies the
 * configured theme variables.
 */
export function WidgetApp({ children }: { children: ReactNode }) {
  const host = useWidgetHost()
  const { accent, radius, font } = host.config
  useEffect(() => {
    applyWidgetTheme(document.documentElement, { accent, radius, font })
  }, [accent, radius, font])
  return <WidgetContext.Provider value={host}>{children}</WidgetContext.Provider>
}
