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
    globalSetup: ['server/testing/globalSetup.ts'],
  },
})
