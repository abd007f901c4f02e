import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'server/**/*.test.ts',
      'devnet/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
      'contracts/**/*.test.ts',
      'web/**/*.test.ts',
      'web/**/*.test.tsx',
    ],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the files share their worker's process (and its module cache) instead of a fresh one each: ~5 min less of
    // the suite on 2 cores (import 150 s -> 20 s). So a file must leave no global state behind (docs/testing.md).
    isolate: false,
    globalSetup: ['server/testing/globalSetup.ts'],
  },
})
