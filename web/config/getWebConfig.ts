export interface WebConfig {
  appName: string
  /** WalletConnect Cloud project id; when undefined the app makes no WalletConnect calls at all. */
  walletConnectProjectId: string | undefined
}

/**
 * Reads the build-time configuration (`VITE_*` variables). This module is the only place in the web app
 * that touches `import.meta.env`; everything else receives these values as parameters.
 */
export function getWebConfig(): WebConfig {
  const env = import.meta.env
  const projectId =
    typeof env.VITE_WALLETCONNECT_PROJECT_ID === 'string' ? env.VITE_WALLETCONNECT_PROJECT_ID.trim() : ''
  return {
    appName:
      typeof env.VITE_APP_NAME === 'string' && env.VITE_APP_NAME !== '' ? env.VITE_APP_NAME : 'Tributary',
    walletConnectProjectId: projectId === '' ? undefined : projectId,
  }
}
