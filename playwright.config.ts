import { defineConfig, devices } from '@playwright/test'

const isCi = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false'
/** Set E2E_BASE_URL to run against an already running server instead of starting `npm start`. */
const externalBaseUrl = process.env.E2E_BASE_URL
/** E2E_PORT and E2E_DEVNET_PORT_BASE let two checkouts run the suite side by side. */
const port = Number(process.env.E2E_PORT ?? 8790)
const devnetPortBase = Number(process.env.E2E_DEVNET_PORT_BASE ?? 8600)
/** The widget demo host page (another origin than the widget): E2E_WIDGET_DEMO_PORT, else the port after E2E_PORT. */
const widgetDemoPort = Number(process.env.E2E_WIDGET_DEMO_PORT ?? port + 1)
/**
 * E2E_SERVERS=2 starts a second `npm start` with a devnet of its own and runs the
 * specs in two workers, one per server: the specs mostly wait for blocks, relays and polls, so with cores to
 * spare the suite takes little more than half the time (on 2 cores it took longer: docs/testing.md). Each server still has one worker (a swap asserted to the wei against its quote
 * must not share a block with another spec's swap through the same pools). Default 1, so that running a spec
 * or two starts one server.
 */
const serverCount = externalBaseUrl === undefined && process.env.E2E_SERVERS === '2' ? 2 : 1
/**
 * The specs the second server runs, about half the suite's time (measured durations); any other spec, a new one
 * too, runs on the first.
 */
const secondServerSpecs = [
  'crossChain',
  'depositTrades',
  'devnetCosmosWallet',
  'gasless',
  'widget',
  'walletControl',
  'crossChainExactOut',
  'rateChange',
  'routes',
  'slippage',
  'crossCost',
  'dialogFocus',
  'crossErrors',
  'lightFirstView',
  'routeDiagram',
  'chainLogos',
].map((name) => `**/${name}.spec.ts`)

const servers = Array.from({ length: serverCount }, (_, index) => {
  // the second server takes the two ports after the first's, and devnet ports 100 further (a devnet uses 27)
  const serverPort = port + 2 * index
  return {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${serverPort}`,
    serverPort,
    widgetDemoPort: index === 0 ? widgetDemoPort : serverPort + 1,
    devnetPortBase: devnetPortBase + 100 * index,
    dataDir: index === 0 ? './data/e2e' : `./data/e2e-${index + 1}`,
  }
})

const [first] = servers as [(typeof servers)[number]]
/** How long a server may take to start (the first run deploys every devnet chain; a loaded machine is slower). */
const serverStartTimeoutMs = 300_000

function envRecordOf(server: (typeof servers)[number]): Record<string, string> {
  return {
    PORT: String(server.serverPort),
    DEVNET_PORT_BASE: String(server.devnetPortBase),
    WIDGET_DEMO_PORT: String(server.widgetDemoPort),
    DATA_DIR: server.dataDir,
  }
}

function envOf(server: (typeof servers)[number]): string {
  return Object.entries(envRecordOf(server))
    .map(([name, value]) => `${name}=${value}`)
    .join(' ')
}

/** The deploy snapshot the unit tests left in their cache, if any, is loaded in seconds, not deployed again. */
function seedAndStart(server: (typeof servers)[number]): string {
  return `npx tsx e2e/seedDataDir.ts ${server.dataDir} && npm start`
}

const chromium = {
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
}

export default defineConfig<{ widgetDemoURL: string }>({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // One worker per server: every spec of a server trades on the same devnet, and a swap asserted to the wei
  // against its quote must not share a block with another spec's swap through the same pools.
  workers: serverCount,
  forbidOnly: isCi,
  retries: isCi ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: isCi ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: servers.map((server, index) => ({
    name: index === 0 ? 'chromium' : `chromium-${index + 1}`,
    workers: 1,
    ...(serverCount === 1
      ? {}
      : index === 0
        ? { testIgnore: secondServerSpecs }
        : { testMatch: secondServerSpecs }),
    use: {
      ...chromium,
      baseURL: server.baseURL,
      widgetDemoURL: `http://127.0.0.1:${server.widgetDemoPort}`,
    },
  })),
  // Playwright starts webServer entries one after another: the first entry's command starts every server at
  // once, and the global setup waits until each answers /health with status ok. Playwright's own wait ends at the
  // first server's first 200, which it answers once one chain's pools are loaded, before the others are.
  ...(externalBaseUrl === undefined ? { globalSetup: './e2e/waitForServers.ts' } : {}),
  webServer:
    externalBaseUrl === undefined
      ? {
          command: [
            ...servers.slice(1).map((server) => `(${envOf(server)} sh -c '${seedAndStart(server)}') &`),
            seedAndStart(first),
          ].join(' '),
          url: `${first.baseURL}/health`,
          env: { LOG_LEVEL: 'warn', ...envRecordOf(first) },
          reuseExistingServer: !isCi,
          // the first run compiles contracts and deploys every devnet chain
          timeout: serverStartTimeoutMs,
          stdout: 'pipe',
          stderr: 'pipe',
        }
      : undefined,
})
