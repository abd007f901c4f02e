import { test as plain } from '@playwright/test'
import { WidgetDemoPage } from './pages/WidgetDemoPage'

const test = plain.extend<{ widgetDemoURL: string }>({
  widgetDemoURL: ['http://127.0.0.1:8791', { option: true }],
})
const { expect } = test

/* The devnet's chains: Polygon has bridges only, Ethereum bridges and the liquidity network (UTXO, Cosmos). */
const polygon = 137
const bitcoin = -3980891822

test.describe('destinations the source cannot reach', () => {
  test('the To picker greys out what Polygon cannot reach, says why, and offers it again from Ethereum', async ({
    page,
  }) => {
    await page.goto(`/?chain=${polygon}`)
    const from = page.getByRole('combobox', { name: 'From network' })
    const to = page.getByRole('combobox', { name: 'To network' })
    await expect(from).toHaveValue(String(polygon))
    const header = page.getByRole('banner')
    await expect(header.getByText('From', { exact: true })).toBeVisible()
    await expect(header.getByText('To', { exact: true })).toBeVisible()

    const bitcoinOption = to.locator(`option[value="${bitcoin}"]`)
    await expect(bitcoinOption).toHaveText('Bitcoin (no route from Polygon)')
    await expect(bitcoinOption).toBeDisabled()
    await expect(to.getByRole('option', { name: /^Cosmos Hub\b/ })).toHaveText(
      'Cosmos Hub (no route from Polygon)',
    )
    await expect(to.getByRole('option', { name: 'Ethereum', exact: true })).toBeEnabled()

    await from.selectOption({ label: 'Ethereum' })
    await expect(to.getByRole('option', { name: 'Bitcoin', exact: true })).toBeEnabled()
    await to.selectOption({ label: 'Bitcoin' })
    await expect(to).toHaveValue(String(bitcoin))
  })

  test('a ?toChain= link the source cannot reach is not dropped silently', async ({ page }) => {
    await page.goto(`/?chain=${polygon}&toChain=${bitcoin}`)
    await expect(page.getByRole('combobox', { name: 'To network' })).toHaveValue(String(polygon))
    await expect(page.getByRole('status').filter({ hasText: /^The link's destination/ })).toHaveText(
      "The link's destination, Bitcoin, cannot be reached from Polygon (no route from Polygon). Pick another network under To, or another source under From.",
    )
    await page.getByRole('combobox', { name: 'To network' }).selectOption({ label: 'Ethereum' })
    await expect(page.getByRole('status').filter({ hasText: /^The link's destination/ })).toHaveCount(0)
  })

  test('in a 324 px widget both pickers are labelled and wide enough to read the network', async ({
    page,
    widgetDemoURL,
  }) => {
    const demo = new WidgetDemoPage(page)
    await demo.goto(widgetDemoURL, { config: {} })
    await demo.iframe.evaluate((iframe: HTMLElement) => {
      iframe.style.width = '324px'
    })
    for (const [name, visible] of [
      ['From network', 'From'],
      ['To network', 'To'],
    ] as const) {
      const select = demo.widget.getByRole('combobox', { name })
      await expect(select).toHaveValue('1')
      // the select's box holds the whole name "Ethereum" (measured in the select's own font) plus its arrow
      const { width, textWidth } = await select.evaluate((element: HTMLSelectElement) => {
        const context = document.createElement('canvas').getContext('2d')
        const style = getComputedStyle(element)
        if (context !== null) context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        return {
          width: element.clientWidth,
          textWidth: context?.measureText(element.selectedOptions[0]?.text ?? '').width ?? 0,
        }
      })
      expect(width).toBeGreaterThanOrEqual(Math.ceil(textWidth) + 32)
      await expect(demo.widget.getByText(visible, { exact: true })).toBeVisible()
    }
  })
})
