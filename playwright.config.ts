import { defineConfig, devices } from '@playwright/test'

const isCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false'
/** Set E2E_BASE_URL to run against an already running server instead of starting `npm start`. */
const externalBaseUrl = process.env.E2E_BASE_URL
/** E2E_PORT and E2E_DEVNET_PORT_BASE let two checkouts run the suite side by side. */
const port = Number(process.env.E2E_PORT ?? 8790)
const devnetPortBase = process.env.E2E_DEVNET_PORT_BASE ?? '8600'
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`
/** The widget demo host page (another origin than the widget): E2E_WIDGET_DEMO_PORT, else the port after E2E_PORT. */
const widgetDemoPort = Number(process.env.E2E_WIDGET_DEMO_PORT ?? port + 1)
const dataDir = './data/e2e'

export default defineConfig<{ widgetDemoURL: string }>({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One worker: every spec trades on the same devnet, and a swap asserted to the wei against its quote must not
  // share a block with another spec's swap through the same pools.
  workers: 1,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: isCi ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    widgetDemoURL: `http://127.0.0.1:${widgetDemoPort}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer:
    externalBaseUrl === undefined
      ? {
          // the deploy snapshot the unit tests left in their cache, if any: loaded in seconds, not deployed again
          command: `npx tsx e2e/seedDataDir.ts ${dataDir} && npm start`,
          url: `${baseURL}/health`,
          env: {
            PORT: String(port),
            DEVNET_PORT_BASE: devnetPortBase,
            WIDGET_DEMO_PORT: String(widgetDemoPort),
            DATA_DIR: dataDir,
            LOG_LEVEL: 'warn',
          },
          reuseExistingServer: !isCi,
          // the first run compiles contracts and deploys every devnet chain
          timeout: 180_000,
          stdout: 'pipe',
          stderr: 'pipe',
        }
      : undefined,
})
