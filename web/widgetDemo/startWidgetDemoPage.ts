import type * as EmbedModule from '../embed/widget'
import type { HostProvider, WidgetHandle } from '../embed/widget'
import type { WidgetConfigInput } from '../lib/widget/widgetConfig'
import type { WidgetEvent } from '../lib/widget/widgetProtocol'
import { readDemoSearch } from './readDemoSearch'

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id)
  if (!(found instanceof type)) throw new Error(`The demo page has no #${id}`)
  return found
}

function browserWallet(): HostProvider | undefined {
  const candidate: unknown = Reflect.get(window, 'ethereum')
  if (typeof candidate !== 'object' || candidate === null || !('request' in candidate)) return undefined
  return candidate as HostProvider
}

/**
 * The demo host page (widget-demo.html, served by the demo listener on its own origin): loads the embed script
 * from the widget's origin (`/demo-config.json` names its port), mounts the widget with the configuration and
 * wallet from the page's query, lists every event it sends, applies the edited configuration without reload,
 * and remounts when the wallet choice changes (the host's wallet is the browser's, else a devnet account).
 */
export async function startWidgetDemoPage(): Promise<void> {
  const container = element('widget', HTMLDivElement)
  const form = element('config-form', HTMLFormElement)
  const walletSelect = element('wallet', HTMLSelectElement)
  const configInput = element('config', HTMLTextAreaElement)
  const status = element('config-status', HTMLParagraphElement)
  const events = element('events', HTMLOListElement)

  const { widgetPort } = (await (await fetch('/demo-config.json')).json()) as { widgetPort: number }
  const widgetOrigin = `${window.location.protocol}//${window.location.hostname}:${widgetPort}`
  const embed = (await import(/* @vite-ignore */ `${widgetOrigin}/widget.mjs`)) as typeof EmbedModule

  const start = readDemoSearch(window.location.search)
  walletSelect.value = start.wallet
  configInput.value = start.configText

  // passed on unchecked, as a page without TypeScript would: the widget validates it and answers `configError`
  const readConfig = (): WidgetConfigInput | undefined => {
    try {
      const value: unknown = JSON.parse(configInput.value)
      if (typeof value === 'object' && value !== null && !Array.isArray(value))
        return value as WidgetConfigInput
    } catch (_error: unknown) {
      // reported below
    }
    status.textContent = 'The configuration is not a JSON object.'
    return undefined
  }

  const logEvent = (event: WidgetEvent) => {
    const item = document.createElement('li')
    const name = document.createElement('strong')
    name.textContent = event.name
    const payload = document.createElement('code')
    payload.textContent = JSON.stringify(event)
    item.append(name, ' ', payload)
    events.append(item)
  }

  let handle: WidgetHandle | undefined
  let hostWallet: Promise<HostProvider> | undefined
  const mount = async () => {
    handle?.destroy()
    handle = undefined
    const config = readConfig() ?? {}
    const wallet = walletSelect.value === 'host' ? 'host' : 'widget'
    let provider: HostProvider | undefined
    if (wallet === 'host') {
      // viem and the devnet account load only when the page has to be the wallet itself
      hostWallet ??= Promise.resolve(
        browserWallet() ?? import('./createDemoHostWallet').then((m) => m.createDemoHostWallet()),
      )
      provider = await hostWallet
    }
    handle = embed.mount(container, { config: { ...config, wallet }, provider })
    handle.on('event', logEvent)
    handle.on('ready', () => {
      status.textContent = 'Widget ready.'
    })
    handle.on('configError', (errors) => {
      status.textContent = `Configuration rejected: ${errors.join('; ')}`
    })
  }

  form.addEventListener('submit', (submitEvent) => {
    submitEvent.preventDefault()
    const config = readConfig()
    if (config === undefined || handle === undefined) return
    status.textContent = 'Configuration sent.'
    handle.update(config)
  })
  walletSelect.addEventListener('change', () => {
    void mount()
  })
  await mount()
}
