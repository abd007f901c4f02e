import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { useRoute } from 'wouter'
import { ErrorState } from './components/ErrorState'
import { ShellSkeleton } from './components/ShellSkeleton'
import { ThemeToggle } from './components/ThemeToggle'
import { getWebConfig } from './config'
import { ApiError, useChains } from './lib/api'
import { getErrorMessage } from './lib/getErrorMessage'
import { useTheme } from './lib/useTheme'
import { useWidget } from './lib/widget/WidgetContext'

const ConnectedApp = lazy(() => import('./ConnectedApp').then((m) => ({ default: m.ConnectedApp })))
const WidgetApp = lazy(() => import('./features/widget').then((m) => ({ default: m.WidgetApp })))

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.statusCode < 500) && failureCount < 2,
      },
    },
  })
}

/**
 * Root component: query client, theme, the chain list, then the wallet-enabled app (loaded lazily) with its
 * routes. On `/widget` (embed mode) every state is drawn without page chrome.
 */
export function App() {
  const [queryClient] = useState(createQueryClient)
  const [embed] = useRoute('/widget')
  return (
    <QueryClientProvider client={queryClient}>
      {embed ? (
        <Suspense fallback={<ShellSkeleton appName="" themeToggle={null} embed />}>
          <WidgetApp>
            <AppContent />
          </WidgetApp>
        </Suspense>
      ) : (
        <AppContent />
      )}
    </QueryClientProvider>
  )
}

function AppContent() {
  const [config] = useState(getWebConfig)
  const widget = useWidget()
  const theme = useTheme(widget?.themePreference)
  const chains = useChains()
  const embed = widget !== undefined
  const themeToggle = <ThemeToggle preference={theme.preference} onChange={theme.setPreference} />

  if (chains.isError)
    return (
      <ShellSkeleton appName={config.appName} themeToggle={themeToggle} embed={embed}>
        <ErrorState
          message={`Could not load the supported networks. ${getErrorMessage(chains.error).message}`}
          onRetry={() => void chains.refetch()}
        />
      </ShellSkeleton>
    )
  if (chains.data === undefined)
    return <ShellSkeleton appName={config.appName} themeToggle={themeToggle} embed={embed} />
  if (chains.data.length === 0)
    return (
      <ShellSkeleton appName={config.appName} themeToggle={themeToggle} embed={embed}>
        <ErrorState message="The server offers no networks." />
      </ShellSkeleton>
    )
  return (
    <Suspense fallback={<ShellSkeleton appName={config.appName} themeToggle={themeToggle} embed={embed} />}>
      <ConnectedApp
        chains={chains.data}
        appName={config.appName}
        walletConnectProjectId={config.walletConnectProjectId}
        resolvedTheme={theme.resolved}
        themeToggle={themeToggle}
      />
    </Suspense>
  )
}
