import { useCallback, useState } from 'react'
import { getSafeLocalStorage } from '../../../lib/storage'
import type { SlippageSetting } from '../model/slippage'

export interface SwapSettings {
  slippage: SlippageSetting
  deadlineMinutes: number
}

const storageKey = 'tributary.swapSettings'
const defaults: SwapSettings = { slippage: { mode: 'auto' }, deadlineMinutes: 20 }

function readSettings(): SwapSettings {
  try {
    const value: unknown = JSON.parse(getSafeLocalStorage().getItem(storageKey) ?? 'null')
    if (typeof value !== 'object' || value === null) return defaults
    const v = value as Partial<SwapSettings>
    const slippage =
      v.slippage?.mode === 'custom' && typeof v.slippage.percent === 'number' ? v.slippage : defaults.slippage
    const deadlineMinutes =
      typeof v.deadlineMinutes === 'number' && v.deadlineMinutes >= 1 && v.deadlineMinutes <= 4320
        ? v.deadlineMinutes
        : defaults.deadlineMinutes
    return { slippage, deadlineMinutes }
  } catch (_error: unknown) {
    return defaults
  }
}

/** Slippage and transaction deadline, persisted in safe localStorage. */
export function useSwapSettings() {
  const [settings, setState] = useState(readSettings)
  const setSettings = useCallback((next: SwapSettings) => {
    getSafeLocalStorage().setItem(storageKey, JSON.stringify(next))
    setState(next)
  }, [])
  return { settings, setSettings }
}
