import '@rainbow-me/rainbowkit/styles.css'
import { darkTheme, lightTheme, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import type { ReactNode } from 'react'
import { type Config, WagmiProvider } from 'wagmi'

const accentColor = '#0f766e'

export interface WalletProvidersProps {
  config: Config
  theme: 'light' | 'dark'
  appName: string
  children: ReactNode
}

/**
 * wagmi and RainbowKit providers (the TanStack QueryClientProvider sits above, in App). The modal follows the
 * app's resolved theme and uses the system font stack, so it loads no web fonts.
 */
export function WalletProviders({ config, theme, appName, children }: WalletProvidersProps) {
  const rainbowTheme =
    theme === 'dark'
      ? darkTheme({ accentColor, fontStack: 'system', borderRadius: 'medium' })
      : lightTheme({ accentColor, fontStack: 'system', borderRadius: 'medium' })
  return (
    <WagmiProvider config={config} reconnectOnMount>
      <RainbowKitProvider theme={rainbowTheme} appInfo={{ appName }} modalSize="compact">
        {children}
      </RainbowKitProvider>
    </WagmiProvider>
  )
}
