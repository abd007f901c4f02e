import { describe, expect, it } from 'vitest'
import { getNextThemePreference, parseThemePreference, resolveTheme } from './theme'

describe('theme', () => {
  it.each([
    { preference: 'system', systemPrefersDark: true, expected: 'dark' },
    { preference: 'system', systemPrefersDark: false, expected: 'light' },
    { preference: 'light', systemPrefersDark: true, expected: 'light' },
    { preference: 'dark', systemPrefersDark: false, expected: 'dark' },
  ] as const)('resolveTheme($preference, dark=$systemPrefersDark) = $expected', ({ expected, ...params }) => {
    expect(resolveTheme(params)).toBe(expected)
  })

  it('parses stored preferences', () => {
    expect(parseThemePreference('dark')).toBe('dark')
    expect(parseThemePreference('light')).toBe('light')
    expect(parseThemePreference('purple')).toBe('system')
    expect(parseThemePreference(null)).toBe('system')
  })

  it('cycles system -> light -> dark -> system', () => {
    expect(getNextThemePreference('system')).toBe('light')
    expect(getNextThemePreference('light')).toBe('dark')
    expect(getNextThemePreference('dark')).toBe('system')
  })
})
