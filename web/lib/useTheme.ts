import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { getSafeLocalStorage } from './storage'
import {
  parseThemePreference,
  type ResolvedTheme,
  resolveTheme,
  type ThemePreference,
  themeStorageKey,
} from './theme'

const darkQuery = '(prefers-color-scheme: dark)'

function subscribeToSystemTheme(onChange: () => void): () => void {
  const media = window.matchMedia(darkQuery)
  media.addEventListener('change', onChange)
  return () => media.removeEventListener('change', onChange)
}

/**
 * The theme preference (persisted in safe localStorage), the theme it resolves to given the system's
 * `prefers-color-scheme` (followed live), and a setter. Applies the resolved theme to `<html data-theme>`.
 * `override` (the widget's configured theme) wins over the stored preference while given.
 */
export function useTheme(override?: ThemePreference): {
  preference: ThemePreference
  resolved: ResolvedTheme
  setPreference: (preference: ThemePreference) => void
} {
  const [stored, setPreferenceState] = useState<ThemePreference>(() =>
    parseThemePreference(getSafeLocalStorage().getItem(themeStorageKey)),
  )
  const preference = override ?? stored
  const systemPrefersDark = useSyncExternalStore(
    subscribeToSystemTheme,
    () => window.matchMedia(darkQuery).matches,
    () => false,
  )
  const resolved = resolveTheme({ preference, systemPrefersDark })

  useEffect(() => {
    const root = document.documentElement
    root.dataset.theme = resolved
    root.style.colorScheme = resolved
  }, [resolved])

  const setPreference = useCallback((next: ThemePreference) => {
    getSafeLocalStorage().setItem(themeStorageKey, next)
    setPreferenceState(next)
  }, [])

  return { preference, resolved, setPreference }
}
