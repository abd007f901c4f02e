import { useEffect, useRef } from 'react'
import type { TokenRecord } from '../../../lib/api'
import { matchesTokenRef } from '../../../lib/widget/filterWidgetTokens'
import type { WidgetConfig } from '../../../lib/widget/widgetConfig'
import type { SwapSettings } from './useSwapSettings'

/**
 * Applies the widget configuration's pair and amount (`from`, `to`, `amount`) to the swap form whenever they
 * change (at load, or from a host `config` message), once `tokens` are known; the user's own edits stand until
 * the configuration changes again. References that match no offered token are skipped. A configured
 * `slippage` (percent) becomes the custom slippage the same way.
 */
export function useWidgetSwapPreset(params: {
  config: Pick<WidgetConfig, 'from' | 'to' | 'amount' | 'slippage'> | undefined
  chainId: number
  tokens: readonly TokenRecord[]
  setToken: (field: 'from' | 'to', token: TokenRecord) => void
  setAmount: (side: 'in', text: string) => void
  settings: SwapSettings
  setSettings: (next: SwapSettings) => void
}) {
  const { config, chainId, tokens, setToken, setAmount } = params
  const applied = useRef('')
  const from = config?.from
  const to = config?.to
  const amount = config?.amount
  useEffect(() => {
    if (tokens.length === 0 || (from === undefined && to === undefined && amount === undefined)) return
    const key = JSON.stringify([chainId, from, to, amount])
    if (applied.current === key) return
    applied.current = key
    const find = (ref: string | undefined) =>
      ref === undefined ? undefined : tokens.find((token) => matchesTokenRef(token, ref))
    const fromToken = find(from)
    const toToken = find(to)
    if (fromToken !== undefined) setToken('from', fromToken)
    if (toToken !== undefined) setToken('to', toToken)
    if (amount !== undefined) setAmount('in', amount)
  }, [chainId, tokens, from, to, amount, setToken, setAmount])

  const settings = useRef(params.settings)
  settings.current = params.settings
  const { setSettings } = params
  const slippage = config?.slippage
  useEffect(() => {
    if (slippage !== undefined)
      setSettings({ ...settings.current, slippage: { mode: 'custom', percent: slippage } })
  }, [slippage, setSettings])
}
