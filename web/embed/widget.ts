/*
 * The embed script, built on its own (vite.embed.config.ts) as /widget.js (a classic script defining
 * `window.TributaryWidget`) and /widget.mjs (an ES module). Without `origin`, the widget comes from the origin
 * this script was loaded from.
 */
import { type MountOptions, mountWidget, type WidgetHandle } from './mountWidget'

export type { HostProvider, MountOptions, WidgetHandle, WidgetHandlerMap } from './mountWidget'

/** The origin this script came from: a classic script knows its URL while it runs, an ES module always. */
function readScriptOrigin(): string | undefined {
  const current = typeof document === 'undefined' ? null : document.currentScript
  if (current instanceof HTMLScriptElement && current.src !== '') return new URL(current.src).origin
  // the classic (IIFE) build has no import.meta: its url is then undefined
  const moduleUrl: unknown = import.meta.url
  return typeof moduleUrl === 'string' ? new URL(moduleUrl).origin : undefined
}

const scriptOrigin = readScriptOrigin()

/**
 * Embeds the widget in `element` (see `mountWidget`): `origin` defaults to the origin serving this script.
 * Returns the handle (`update`, `on`, `off`, `destroy`).
 */
export function mount(
  element: HTMLElement,
  options: Omit<MountOptions, 'origin'> & { origin?: string } = {},
): WidgetHandle {
  const origin = options.origin ?? scriptOrigin
  if (origin === undefined) throw new Error('TributaryWidget.mount: pass `origin` (the widget server)')
  return mountWidget(element, { ...options, origin })
}
