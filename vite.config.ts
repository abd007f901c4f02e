import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const apiTarget = 'http://127.0.0.1:8787'
const proxiedPaths = [
  '/trade',
  '/v1',
  '/info',
  '/api',
  '/devnet',
  '/rpc',
  '/health',
  '/openapi.json',
  '/docs',
]

const corePackages = [
  '/node_modules/react/',
  '/node_modules/react-dom/',
  '/node_modules/scheduler/',
  '/node_modules/@tanstack/',
  '/node_modules/use-sync-external-store/',
]
const walletPackages = [
  /\/node_modules\/@rainbow-me\/rainbowkit\/dist\/(index|chunk-[A-Z0-9]+|wallets\/[^/]+)\.js$/,
  /\/node_modules\/(wagmi|@wagmi\/core|@wagmi\/connectors|viem|ox|abitype|@noble\/[^/]+|@scure\/[^/]+)\//,
  /\/node_modules\/@vanilla-extract\//,
]

/*
 * The initial chunk holds React, TanStack Query and the shell. Wallet code (RainbowKit, wagmi, viem and their
 * crypto) is only reached through the dynamic import of web/ConnectedApp.tsx, in a `wallet` chunk. Files
 * RainbowKit itself loads lazily (per-wallet icons, locales) and the SDKs wagmi connectors import on demand
 * stay in their own chunks. React and Vite's preload helper get an explicit `vendor-react` group: otherwise the
 * wallet group absorbs them (they are dependencies of its modules) and the entry would import it eagerly.
 */
function manualChunks(id: string): string | undefined {
  const normalised = id.replaceAll('\\', '/')
  if (normalised.includes('vite/preload-helper') || corePackages.some((p) => normalised.includes(p)))
    return 'vendor-react'
  if (walletPackages.some((p) => p.test(normalised))) return 'wallet'
  return undefined
}

export default defineConfig({
  root: '.',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    // widget-demo.html: the widget's demo host page, served only by the devnet demo listener
    rollupOptions: { input: ['index.html', 'widget-demo.html'], output: { manualChunks } },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      proxiedPaths.map((p) => [p, { target: apiTarget, changeOrigin: false, ws: p === '/rpc' }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(proxiedPaths.map((p) => [p, { target: apiTarget }])),
  },
})
