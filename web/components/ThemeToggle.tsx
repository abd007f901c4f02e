import { type LucideIcon, Moon, Sun, SunMoon } from 'lucide-react'
import { getNextThemePreference, type ThemePreference } from '../lib/theme'

const labels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' }
const icons: Record<ThemePreference, LucideIcon> = { system: SunMoon, light: Sun, dark: Moon }

/** Cycles the colour theme system -> light -> dark; the accessible name states the current and next theme. */
export function ThemeToggle({
  preference,
  onChange,
}: {
  preference: ThemePreference
  onChange: (preference: ThemePreference) => void
}) {
  const next = getNextThemePreference(preference)
  const Icon = icons[preference]
  return (
    <button
      type="button"
      onClick={() => onChange(next)}
      aria-label={`Theme: ${labels[preference]}. Switch to ${labels[next]}`}
      title={`Theme: ${labels[preference]}`}
      className="inline-flex h-10 w-10 items-center justify-center rounded-lg border border-line bg-card text-lg"
    >
      <Icon aria-hidden="true" className="h-5 w-5" />
    </button>
  )
}
