/** The demo page's starting state: which wallet the widget uses and the configuration text shown for editing. */
export interface DemoStart {
  wallet: 'widget' | 'host'
  /** The configuration as pretty-printed JSON (`{}` when none or not valid JSON). */
  configText: string
}

/**
 * Reads the demo page's query: `wallet=host` bridges the page's wallet (anything else: the widget's own), and
 * `config` is the widget configuration as JSON, shown pretty-printed; text that is not a JSON object is shown
 * as given so the page reports its error when applied. Pure.
 */
export function readDemoSearch(search: string): DemoStart {
  const params = new URLSearchParams(search)
  const wallet = params.get('wallet') === 'host' ? 'host' : 'widget'
  const raw = params.get('config')
  if (raw === null) return { wallet, configText: '{}' }
  try {
    return { wallet, configText: JSON.stringify(JSON.parse(raw), null, 2) }
  } catch (_error: unknown) {
    return { wallet, configText: raw }
  }
}
