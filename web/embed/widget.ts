/*
 * The embed script, built on its own (vite.embed.config.ts) as /widget.js (a classic script defining
 * `window.TributaryWidget`) and /widget.mjs (an ES module). Without `origin`, the widget comes from the origin
 * this script was loaded from.
 */
import { type MountOptions, mountWidget, type WidgetHandle } from './mountWidget'

export type { HostProvider, MountOptions, WidgetHandle, WidgetHandlerMap } from './mountWidget'

// a classic script knows its URL from currentScript while it runs; an ES module from import.meta.url
const current = typeof document === 'undefined' ? null : document.currentScript
const scriptOrigin = new URL(
  current instanceof HTMLScriptElement && current.src !== '' ? current.src : import.meta.url,
).origin

/**
 * Embeds the widget in `element` (see `mountWidget`): `origin` defaults to the origin serving this script.
 * Returns the handle (`update`, `on`, `off`, `destroy`).
 */
export function mount(
  element: HTMLElement,
  options: Omit<MountOptions, 'origin'> & { origin?: string } = {},
): WidgetHandle {
  return mountWidget(element, { ...options, origin: options.origin ?? scriptOrigin })
}
