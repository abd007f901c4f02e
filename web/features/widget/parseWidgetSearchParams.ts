import { parseWidgetConfig, type WidgetConfigResult } from '../../lib/widget/widgetConfig'

const numberParams = ['chain', 'radius', 'slippage', 'feePercentage'] as const
const booleanParams = ['fixedPair', 'fixedAmount', 'exactOut'] as const
const listParams = ['chains', 'tokens', 'flows', 'hide', 'hostOrigins'] as const
const stringParams = [
  'theme',
  'accent',
  'font',
  'from',
  'to',
  'amount',
  'apiKey',
  'feeReceiver',
  'wallet',
] as const

const toNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value))
const toBoolean = (value: string) =>
  value === '1' || value === 'true' ? true : value === '0' || value === 'false' ? false : value
const toList = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')

/**
 * Reads the widget's configuration from its URL: `config` (the whole configuration as JSON) and/or one
 * parameter per field, which win over `config` (`chain=1&chains=1,56&from=ETH&to=USDC&amount=1&fixedPair=1&
 * exactOut=0&slippage=0.5&hide=settings,quoteList&feePercentage=0.01&feeReceiver=0x…&theme=dark&accent=%23ff0000`;
 * lists are comma separated, switches `1`/`0`). `hostOrigin` is a one-origin alias of `hostOrigins`. Parameters
 * that are not configuration are ignored. The result is validated like any configuration.
 */
export function parseWidgetSearchParams(search: string): WidgetConfigResult {
  const params = new URLSearchParams(search)
  let base: Record<string, unknown> = {}
  const json = params.get('config')
  if (json !== null) {
    try {
      const value: unknown = JSON.parse(json)
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        return { ok: false, errors: ['config: a JSON object'] }
      base = { ...value }
    } catch (_error: unknown) {
      return { ok: false, errors: ['config: not valid JSON'] }
    }
  }
  const input: Record<string, unknown> = { ...base }
  for (const key of numberParams) {
    const value = params.get(key)
    if (value !== null) input[key] = toNumber(value)
  }
  for (const key of booleanParams) {
    const value = params.get(key)
    if (value !== null) input[key] = toBoolean(value)
  }
  for (const key of listParams) {
    const value = params.get(key)
    if (value === null) continue
    input[key] = key === 'chains' ? toList(value).map(toNumber) : toList(value)
  }
  for (const key of stringParams) {
    const value = params.get(key)
    if (value !== null) input[key] = value
  }
  const hostOrigin = params.get('hostOrigin')
  if (hostOrigin !== null) input.hostOrigins = [hostOrigin]
  return parseWidgetConfig(input)
}
