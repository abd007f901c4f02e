import '@rainbow-me/rainbowkit/styles.css'
import { type DisclaimerComponent, darkTheme, lightTheme, RainbowKitProvider } from '@rainbow-me/rainbowkit'
import type { ReactNode } from 'react'
import { type Config, WagmiProvider } from 'wagmi'

const accentColor = '#0f766e'

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
  const rainbowTheme =
    theme === 'dark'
      ? darkTheme({ accentColor, fontStack: 'system', borderRadius: 'medium' })
      : lightTheme({ accentColor, fontStack: 'system', borderRadius: 'medium' })
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
