import { getAddress, parseEther } from 'viem'
import type { WidgetEvent } from '../web/lib/widget/widgetProtocol'
import { readBalance } from './fixtures/chainHelpers'
import { expectNoSeriousViolations } from './fixtures/expectNoSeriousViolations'
import { getFirstChainSetup } from './fixtures/session'
import { test as walletTest } from './fixtures/wallet'
import type { WidgetDemoPage } from './pages/WidgetDemoPage'

/** The wallet fixture plus the demo host page's URL (another origin than the widget's, see playwright.config.ts). */
const test = walletTest.extend<{ widgetDemoURL: string }>({
  widgetDemoURL: ['http://127.0.0.1:8791', { option: true }],
})
const { expect } = test

const names = (events: readonly WidgetEvent[]) => events.map((e) => e.name)

/** True when `expected` appears in `actual` in this order (other names may come between). */
function inOrder(actual: readonly string[], expected: readonly string[]): boolean {
  let at = 0
  for (const name of actual) if (name === expected[at]) at++
  return at === expected.length
}

/** Runs a swap in the widget and checks the swap events against the quote and the balance it changed. */
async function swapAndCheckEvents(params: {
  demo: WidgetDemoPage
  readReceived: () => Promise<bigint>
  amountIn: bigint
  /** Pick the second-best exchange's quote instead of the best one. */
  pickOtherRoute?: boolean
}) {
  const { demo } = params
  const before = await params.readReceived()
  await expect(demo.quotes.getByRole('radio').first()).toBeVisible()
  if (params.pickOtherRoute === true) {
    await demo.quotes.getByRole('button', { name: /^Show \d+ more quotes?$/ }).click()
    await demo.quotes.getByRole('radio').nth(1).check()
  }
  await demo.reviewAndConfirm()
  const completed = await demo.waitForEvent('swapCompleted')
  const started = await demo.waitForEvent('swapStarted')
  const updated = await demo.waitForEvent('swapUpdated')
  const after = await params.readReceived()
  expect(completed.amountIn).toBe(params.amountIn.toString())
  expect(completed.amountOut).toBe((after - before).toString())
  expect(completed.amountOut).toBe(started.quotedAmountOut)
  expect(updated.hash).toBe(completed.hash)
  expect(completed.hash).toMatch(/^0x[0-9a-f]{64}$/)
  return { completed, started }
}

test.describe('widget on another origin', () => {
  test.setTimeout(150_000)

  test("mount, configure, and swap with the widget's own devnet wallet; events in order", async ({
    demo,
    page,
    wallet,
    baseURL,
    widgetDemoURL,
  }) => {
    const { chain, token } = await getFirstChainSetup(wallet, baseURL)
    const usdc = token('USDC')

    await test.step('the host page mounts the configured widget from the API origin', async () => {
      await demo.goto(widgetDemoURL, {
        config: {
          chain: chain.id,
          from: 'ETH',
          to: 'USDC',
          amount: '0.1',
          hide: ['settings'],
          theme: 'dark',
        },
      })
      expect(new URL(widgetDemoURL).origin).not.toBe(
        new URL((await demo.iframe.getAttribute('src')) ?? '').origin,
      )
      await expect(demo.payInput).toHaveValue('0.1')
      await expect(demo.receiveTokenButton).toHaveAccessibleName('You receive: USDC, change token')
      await expect(demo.card.getByRole('button', { name: 'Swap settings' })).toHaveCount(0)
      await expect(demo.widget.locator('html')).toHaveAttribute('data-theme', 'dark')
      // the iframe follows its content's height (560 px at least)
      const height = (await demo.iframe.boundingBox())?.height ?? 0
      expect(height).toBeGreaterThanOrEqual(560)
      await expectNoSeriousViolations(page, 'body')
    })

    let address = getAddress(wallet.address)
    await test.step('connect the devnet wallet inside the widget', async () => {
      await demo.connect('Devnet wallet')
      const connected = await demo.waitForEvent('walletConnected')
      address = getAddress(connected.address)
      expect(connected.chainId).toBe(chain.id)
    })

    await test.step('swap 0.1 ETH for USDC: the completed event carries the amounts the chain shows', async () => {
      const { completed, started } = await swapAndCheckEvents({
        demo,
        pickOtherRoute: true,
        amountIn: parseEther('0.1'),
        readReceived: () => readBalance({ chain, token: usdc.address, address }),
      })
      expect(completed.to).toEqual({ address: usdc.address, symbol: 'USDC', decimals: usdc.decimals })
      expect(completed.from.symbol).toBe('ETH')
      const events = await demo.events()
      // quotes refresh on a timer, so their events repeat; every other event happens exactly once, in this order
      const quoteEvents = new Set(['quoteReceived', 'routeSelected', 'highPriceImpact'])
      expect(names(events).filter((name) => !quoteEvents.has(name))).toEqual([
        'tokenChanged',
        'tokenChanged',
        'walletConnected',
        'swapStarted',
        'swapUpdated',
        'swapCompleted',
      ])
      expect(inOrder(names(events), ['tokenChanged', 'quoteReceived', 'swapStarted', 'swapCompleted'])).toBe(
        true,
      )
      const route = await demo.waitForEvent('routeSelected')
      expect(route).toEqual({ name: 'routeSelected', chainId: chain.id, exchangeId: started.exchangeId })
      expect(inOrder(names(events), ['routeSelected', 'swapStarted'])).toBe(true)
      const lastQuote = events.filter((e) => e.name === 'quoteReceived').at(-1)
      expect(lastQuote).toMatchObject({ chainId: chain.id, amountIn: parseEther('0.1').toString() })
    })
  })

  test("the host page's wallet, bridged: the widget connects it by itself and the host signs the swap", async ({
    demo,
    wallet,
    baseURL,
    widgetDemoURL,
  }) => {
    const { chain, token } = await getFirstChainSetup(wallet, baseURL)
    const usdc = token('USDC')
    await demo.goto(widgetDemoURL, {
      config: { chain: chain.id, from: 'ETH', to: 'USDC', amount: '0.05' },
      wallet: 'host',
    })
    const connected = await demo.waitForEvent('walletConnected')
    expect(connected).toEqual({
      name: 'walletConnected',
      address: getAddress(wallet.address),
      chainId: chain.id,
    })
    await expect(demo.connectButton).toHaveCount(0)

    await swapAndCheckEvents({
      demo,
      amountIn: parseEther('0.05'),
      readReceived: () => readBalance({ chain, token: usdc.address, address: wallet.address }),
    })
    // the transaction went through the host page's wallet (the E2E wallet injected there)
    expect(wallet.requests).toContain('eth_sendTransaction')
  })

  test('a configuration update applies without reload; a bad one is refused; a foreign frame is ignored', async ({
    demo,
    page,
    wallet,
    baseURL,
    widgetDemoURL,
  }) => {
    const { chain } = await getFirstChainSetup(wallet, baseURL)
    await demo.goto(widgetDemoURL, { config: { chain: chain.id, from: 'ETH', to: 'USDC' } })
    const widgetFrame = page.frames().find((f) => f.url().includes('/widget?'))
    if (widgetFrame === undefined) throw new Error('no widget frame')
    await widgetFrame.evaluate(() => {
      Reflect.set(window, '__loadedOnce', true)
    })

    await test.step('update: a fixed amount of 0.25 and no quote list', async () => {
      await demo.applyConfig({
        from: 'ETH',
        to: 'USDC',
        amount: '0.25',
        fixedAmount: true,
        hide: ['quoteList'],
      })
      await expect(demo.payInput).toHaveValue('0.25')
      await expect(demo.payInput).toHaveAttribute('readonly', '')
      await expect(demo.quotes).toHaveCount(0)
      expect(await widgetFrame.evaluate(() => Reflect.get(window, '__loadedOnce'))).toBe(true)
    })

    await test.step('a fee above the API limit is refused and the configuration stays', async () => {
      await demo.applyConfig({ feePercentage: 0.5, feeReceiver: wallet.address })
      await expect(demo.configStatus).toHaveText(/^Configuration rejected: feePercentage: /)
      await expect(demo.payInput).toHaveValue('0.25')
    })

    await test.step('a frame of another origin posts a configuration: the widget ignores it', async () => {
      const foreign = `http://foreign.test:${new URL(baseURL ?? '').port}/attack.html`
      await page.route(foreign, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<script>parent.frames[0].postMessage({ source: 'tributary-widget', version: 1, type: 'config', config: { amount: '7', fixedAmount: true } }, '*'); document.title = 'sent'</script>`,
        }),
      )
      await page.evaluate((src) => {
        const frame = document.createElement('iframe')
        frame.src = src
        frame.title = 'Foreign frame'
        document.body.append(frame)
      }, foreign)
      await expect(page.frameLocator('iframe[title="Foreign frame"]').locator('html')).toBeAttached()
      await expect
        .poll(() =>
          page
            .frames()
            .find((f) => f.url() === foreign)
            ?.title(),
        )
        .toBe('sent')
      // the host's own next update arrives after the forged one and is applied; the forged amount never is
      await demo.applyConfig({ from: 'ETH', to: 'USDC', amount: '0.3', fixedAmount: true })
      await expect(demo.payInput).toHaveValue('0.3')
      expect(await demo.payInput.inputValue()).not.toBe('7')
    })
  })

  test('storage blocked inside the iframe: the widget still loads, connects and quotes', async ({
    demo,
    page,
    wallet,
    baseURL,
    widgetDemoURL,
  }) => {
    const { chain } = await getFirstChainSetup(wallet, baseURL)
    const widgetPort = new URL(baseURL ?? '').port
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.addInitScript((port) => {
      if (window.location.port !== port) return
      for (const name of ['localStorage', 'sessionStorage'])
        Object.defineProperty(window, name, {
          get() {
            throw new DOMException('Access is denied for this document.', 'SecurityError')
          },
        })
    }, widgetPort)
    await demo.goto(widgetDemoURL, { config: { chain: chain.id, from: 'ETH', to: 'USDC', amount: '0.01' } })
    await demo.connect('Devnet wallet')
    const connected = await demo.waitForEvent('walletConnected')
    expect(connected.chainId).toBe(chain.id)
    await expect(demo.quotes.getByRole('radio').first()).toBeVisible()
    await demo.waitForEvent('quoteReceived')
    expect(errors).toEqual([])
  })
})
