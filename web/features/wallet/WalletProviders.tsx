import '@rainbow-me/rainbowkit/styles.css'
import { type DisclaimerComponent, darkTheme, lightTheme, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import type { ReactNode } from 'react'
import { type Config, WagmiProvider } from 'wagmi'

/** The app's accent and its foreground in each theme (web/index.css), so RainbowKit's buttons match the app's. */
const accents = {
  light: { accentColor: '#0f766e', accentColorForeground: '#ffffff' },
  dark: { accentColor: '#2dd4bf', accentColorForeground: '#042f2e' },
} as const

export interface WalletProvidersProps {
  config: Config
  /** Restore the connection persisted by an earlier visit when the providers mount. */
  reconnectOnMount: boolean
  theme: 'light' | 'dark'
  appName: string
  /** Footer of the connect modal (e.g. the note that no wallet extension was found). */
  disclaimer?: DisclaimerComponent | undefined
  children: ReactNode
}

/**
 * wagmi and RainbowKit providers (the TanStack QueryClientProvider sits above, in App). The modal follows the
 * app's resolved theme and uses the system font stack, so it loads no web fonts.
 */
export function WalletProviders({
  config,
  reconnectOnMount,
  theme,
  appName,
  disclaimer,
  children,
}: WalletProvidersProps) {
  const options = { ...accents[theme], fontStack: 'system', borderRadius: 'medium' } as const
  const rainbowTheme = theme === 'dark' ? darkTheme(options) : lightTheme(options)
  return (
    <WagmiProvider config={config} reconnectOnMount={reconnectOnMount}>
      <RainbowKitProvider
        theme={rainbowTheme}
        appInfo={disclaimer === undefined ? { appName } : { appName, disclaimer }}
        modalSize="compact"
      >
        {children}
      </RainbowKitProvider>
    </WagmiProvider>
  )
}
