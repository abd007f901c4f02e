import type { WidgetConfig } from '../../lib/widget/widgetConfig'
import { getAccentForeground } from './getAccentForeground'

/**
 * Writes the configuration's small theme onto `root` (the document element) as CSS variables: accent colour
 * and its readable foreground, corner radius (Tailwind's `--radius-*` scale from one value) and font family.
 * Values not configured are removed, so the app's stylesheet applies again after an update drops them.
 */
export function applyWidgetTheme(
  root: HTMLElement,
  config: Pick<WidgetConfig, 'accent' | 'radius' | 'font'>,
) {
  const set = (name: string, value: string | undefined) => {
    if (value === undefined) root.style.removeProperty(name)
    else root.style.setProperty(name, value)
  }
  set('--accent', config.accent)
  set('--accent-fg', config.accent === undefined ? undefined : getAccentForeground(config.accent))
  const r = config.radius
  set('--radius-lg', r === undefined ? undefined : `${r * 0.5}px`)
  set('--radius-xl', r === undefined ? undefined : `${r * 0.75}px`)
  set('--radius-2xl', r === undefined ? undefined : `${r}px`)
  set('--radius-full', r === undefined ? undefined : `${Math.max(r, 4) * 4}px`)
  root.style.fontFamily = config.font ?? ''
}
