export type ThemePreference = 'system' | 'light' | 'dark'
export type ResolvedTheme = 'light' | 'dark'

export const themeStorageKey = 'tributary.theme'

/** The theme to render: the explicit preference, or the system's when the preference is `system`. */
export function resolveTheme(params: {
  preference: ThemePreference
  systemPrefersDark: boolean
}): ResolvedTheme {
  if (params.preference === 'system') return params.systemPrefersDark ? 'dark' : 'light'
  return params.preference
}

/** Parses a stored preference; anything unknown (or nothing) means `system`. */
export function parseThemePreference(value: string | null): ThemePreference {
  return value === 'light' || value === 'dark' ? value : 'system'
}

/** The preference a toggle moves to next: system -> light -> dark -> system. */
export function getNextThemePreference(preference: ThemePreference): ThemePreference {
  if (preference === 'system') return 'light'
  if (preference === 'light') return 'dark'
  return 'system'
}
