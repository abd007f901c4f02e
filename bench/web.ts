/**
 * Web performance figures: the entry JS and CSS gzipped from dist/; what a first visit of the app and of
 * `/widget` downloads in total (every JS and CSS file, listed) with its Largest Contentful Paint; the embed
 * script; LCP on three cold loads; and time from the last keystroke of an amount to the quote on screen. The one
 * check: each first view's JS against its budget (issue 41, `firstViewBudgetKb`); a view over it is reported and
 * the script exits with code 1, after printing every figure. Usage:
 * `npm run bench:web` builds dist/ when it is missing and starts its own server (devnet mode, ports BENCH_PORT (20200) and up);
 * `npm run bench:web -- <baseUrl>` measures a running `npm start` instead (after `npx vite build`).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type Browser, chromium, type Page } from '@playwright/test'
import { quoteDebounceMs } from '../web/features/swap/model/quoteDebounceMs'

const distDir = join(import.meta.dirname, '..', 'dist')
const debounceMs = quoteDebounceMs
const benchPort = Number(process.env.BENCH_PORT ?? 20200)
/** The most JS (KB gzip) a first visit may download, no wallet connected before (issue 41). */
const firstViewBudgetKb = { app: 164, widget: 150 } as const

function gzipKb(path: string): number {
  return gzipSync(readFileSync(join(distDir, path))).length / 1024
}

/** Initial assets: what index.html loads eagerly (entry script, modulepreloads, stylesheets). */
function measureInitialAssets() {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8')
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1] ?? '')
  const js = [
    ...attr(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...attr(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ]
  const css = attr(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)
  const sum = (files: string[]) => files.reduce((total, file) => total + gzipKb(file.replace(/^\//, '')), 0)
  return { jsKb: sum(js), cssKb: sum(css), jsFiles: js.length, cssFiles: css.length }
}

/** What a first visit downloads: every same-origin script and stylesheet, each gzipped from dist/. */
interface FirstView {
  files: { path: string; kb: number }[]
  jsKb: number
  cssKb: number
  lcpMs: number
}

/**
 * Records the Largest Contentful Paint of the page's next loads (set up before `goto`); returns a reader of the
 * latest candidate in ms.
 */
async function observeLcp(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number }
    w.__lcp = 0
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime
    }).observe({ type: 'largest-contentful-paint', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { __lcp: number }).__lcp)
}

/**
 * A first visit to `path` with no wallet connected before (a fresh browser context): loads the page, waits for
 * its swap card and then until the network is idle, and sums the gzipped size of every JS and CSS file it
 * requested; the Largest Contentful Paint of that load. Sizes come from dist/ (the server may not compress).
 */
async function measureFirstView(browser: Browser, baseUrl: string, path: string): Promise<FirstView> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const readLcp = await observeLcp(page)
  const requested = new Set<string>()
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.origin === new URL(baseUrl).origin && /\.(js|css)$/.test(url.pathname))
      requested.add(url.pathname)
  })
  await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'load' })
  await page.getByRole('region', { name: /^Swap on / }).waitFor()
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).waitFor()
  await page.waitForLoadState('networkidle')
  const lcpMs = await readLcp()
  await context.close()
  const files = [...requested].map((file) => ({ path: file, kb: gzipKb(file.replace(/^\//, '')) }))
  const sum = (ext: string) => files.filter((f) => f.path.endsWith(ext)).reduce((t, f) => t + f.kb, 0)
  return { files, jsKb: sum('.js'), cssKb: sum('.css'), lcpMs }
}

/** Prints the view's figures and files; true when its JS is within `budgetKb`. */
function printFirstView(label: string, view: FirstView, budgetKb: number): boolean {
  const within = view.jsKb <= budgetKb
  console.log(
    `${label} first view (gzip, no wallet connected before): JS ${view.jsKb.toFixed(1)} KB + CSS ${view.cssKb.toFixed(1)} KB = ${(view.jsKb + view.cssKb).toFixed(1)} KB in ${view.files.length} files, LCP ${view.lcpMs.toFixed(0)} ms`,
  )
  console.log(
    within
      ? `  budget: JS ${view.jsKb.toFixed(1)} <= ${budgetKb} KB, met`
      : `  OVER BUDGET: JS ${view.jsKb.toFixed(1)} KB > ${budgetKb} KB by ${(view.jsKb - budgetKb).toFixed(1)} KB`,
  )
  for (const file of [...view.files].sort((a, b) => b.kb - a.kb))
    console.log(`  ${file.kb.toFixed(1).padStart(7)} KB  ${file.path}`)
  return within
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

async function measureLcp(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const readLcp = await observeLcp(page)
  await page.goto(baseUrl, { waitUntil: 'load' })
  await page.getByRole('region', { name: /^Swap on / }).waitFor()
  await page.waitForTimeout(500)
  const lcp = await readLcp()
  await context.close()
  return lcp
}

async function measureFirstQuote(browser: Browser, baseUrl: string, amount: string): Promise<number> {
  const chains = (await (await fetch(new URL('/trade/v1/info/chains?format=list', baseUrl))).json()) as {
    chainId: number
  }[]
  const chainId = chains[0]?.chainId ?? 1
  const tokens = (await (
    await fetch(new URL(`/v1/info/token/popular?chainId=${chainId}`, baseUrl))
  ).json()) as {
    symbol: string
    tags: string[]
  }[]
  const stable = tokens.find((t) => t.tags.includes('stable'))?.symbol ?? 'USDC'
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(
    new URL(`/?chain=${chainId}&from=${tokens[0]?.symbol ?? 'ETH'}&to=${stable}`, baseUrl).toString(),
  )
  const card = page.getByRole('region', { name: /^Swap on / })
  const pay = card.getByRole('textbox', { name: 'You pay' })
  await pay.waitFor()
  // a string, not a function: tsx (esbuild keepNames) would reference its __name helper inside the page
  await page.evaluate(`(() => {
    const section = document.querySelector('section[aria-labelledby="swap-heading"]')
    const [payInput, receiveInput] = section.querySelectorAll('input[inputmode="decimal"]')
    payInput.addEventListener('input', () => { window.__typedAt = performance.now() })
    const check = () => {
      if (receiveInput.value !== '' && window.__quotedAt === undefined) window.__quotedAt = performance.now()
      else requestAnimationFrame(check)
    }
    requestAnimationFrame(check)
  })()`)
  await pay.pressSequentially(amount, { delay: 40 })
  await page.waitForFunction(() => (window as unknown as { __quotedAt?: number }).__quotedAt !== undefined)
  const elapsed = await page.evaluate(() => {
    const w = window as unknown as { __typedAt: number; __quotedAt: number }
    return w.__quotedAt - w.__typedAt
  })
  await context.close()
  return elapsed
}

/** The server to measure: the one named on the command line, or our own on ports BENCH_PORT and up. */
async function startTarget(
  url: string | undefined,
): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  if (url !== undefined) return { baseUrl: url, close: async () => {} }
  if (!existsSync(join(distDir, 'index.html'))) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  if (!existsSync(join(distDir, 'widget.js')))
    execFileSync('npx', ['vite', 'build', '-c', 'vite.embed.config.ts'], { stdio: 'inherit' })
  const { startServer } = await import('../server/index')
  const { startDevnetProfile } = await import('../devnet/startDevnetProfile')
  const running = await startServer({
    network: startDevnetProfile,
    env: {
      PORT: String(benchPort),
      DEVNET_PORT_BASE: String(benchPort + 10),
      DATA_DIR: join(tmpdir(), 'tributary-bench-web'),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE_IP: '0',
    },
  })
  return { baseUrl: running.url.replace('localhost', '127.0.0.1'), close: running.close }
}

async function main() {
  const target = await startTarget(process.argv[2])
  const baseUrl = target.baseUrl
  const assets = measureInitialAssets()
  console.log(
    `entry JS  (gzip, index.html's script and preloads): ${assets.jsKb.toFixed(1)} KB in ${assets.jsFiles} files`,
  )
  console.log(`entry CSS (gzip): ${assets.cssKb.toFixed(1)} KB in ${assets.cssFiles} files`)
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    const appWithin = printFirstView(
      'app /',
      await measureFirstView(browser, baseUrl, '/'),
      firstViewBudgetKb.app,
    )
    const widgetWithin = printFirstView(
      'widget /widget',
      await measureFirstView(browser, baseUrl, '/widget'),
      firstViewBudgetKb.widget,
    )
    if (!appWithin || !widgetWithin) process.exitCode = 1
    console.log(
      `embed script (gzip): widget.js ${gzipKb('widget.js').toFixed(1)} KB, widget.mjs ${gzipKb('widget.mjs').toFixed(1)} KB`,
    )
    console.log(
      `load average: ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')}`,
    )
    const lcps: number[] = []
    for (let i = 0; i < 3; i++) lcps.push(await measureLcp(browser, baseUrl))
    console.log(
      `LCP cold load: median ${median(lcps).toFixed(0)} ms of [${lcps.map((v) => v.toFixed(0)).join(', ')}] (goal < 1000 ms)`,
    )
    const quotes: number[] = []
    for (const amount of ['1.25', '2.5', '0.75', '3.1', '1.9'])
      quotes.push(await measureFirstQuote(browser, baseUrl, amount))
    const m = median(quotes)
    console.log(
      `first quote after last keystroke: median ${m.toFixed(0)} ms (${(m - debounceMs).toFixed(0)} ms after the ${debounceMs} ms debounce; goal < 300 ms) of [${quotes.map((v) => v.toFixed(0)).join(', ')}]`,
    )
  } finally {
    await browser.close()
    await target.close()
  }
}

await main()
