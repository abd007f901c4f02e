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
/*
 * The initial chunk holds React, TanStack Query and the shell. Wallet code (RainbowKit, wagmi, viem's clients
 * and actions, WalletConnect) is only reached through the dynamic import of web/features/wallet (on "Connect",
 * or at once for a returning wallet), so the bundler puts it in that import's chunks; the one it enters by is
 * named `wallet-*.js`. There is no manual wallet group: a group absorbs the modules its members depend on
 * (viem's formatUnits, isAddress… which the first view uses too), and the first view would then load it. React
 * and Vite's preload helper get an explicit `vendor-react` group, cached apart from app code.
 */
function manualChunks(id: string): string | undefined {
  const normalised = id.replaceAll('\\', '/')
  if (normalised.includes('vite/preload-helper') || corePackages.some((p) => normalised.includes(p)))
    return 'vendor-react'
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
    rollupOptions: {
      input: ['index.html', 'widget-demo.html'],
      // App modules have no import-time side effects (CONTRIBUTING.md), so a feature's index.ts pulls in only
      // what its importer uses: the swap card alone, not the dialogs it loads on demand that the same index
      // exports to the cross-chain card.
      treeshake: { moduleSideEffects: (id: string) => !/\/web\/.*\.tsx?$/.test(id.replaceAll('\\', '/')) },
      output: {
        manualChunks,
        chunkFileNames: (chunk) =>
          /\/web\/features\/wallet\/index\.ts$/.test(chunk.facadeModuleId?.replaceAll('\\', '/') ?? '')
            ? 'assets/wallet-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
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
