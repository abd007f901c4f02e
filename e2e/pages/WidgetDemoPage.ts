import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test'
import type { WidgetEvent } from '../../web/lib/widget/widgetProtocol'

/** The widget demo host page (another origin) and the swap widget inside its iframe. */
export class WidgetDemoPage {
  readonly iframe: Locator
  readonly widget: FrameLocator
  readonly card: Locator
  readonly payInput: Locator
  readonly receiveInput: Locator
  readonly receiveTokenButton: Locator
  readonly connectButton: Locator
  readonly walletDialog: Locator
  readonly quotes: Locator
  readonly reviewButton: Locator
  readonly reviewDialog: Locator
  readonly confirmButton: Locator
  readonly configInput: Locator
  readonly applyButton: Locator
  readonly configStatus: Locator
  readonly eventItems: Locator

  constructor(readonly page: Page) {
    this.iframe = page.getByTitle('Swap widget')
    this.widget = page.frameLocator('iframe[title="Swap widget"]')
    this.card = this.widget.getByRole('region', { name: /^Swap on / })
    this.payInput = this.card.getByRole('textbox', { name: 'You pay' })
    this.receiveInput = this.card.getByRole('textbox', { name: 'You receive' })
    this.receiveTokenButton = this.card.getByRole('button', { name: /^You receive:/ })
    this.connectButton = this.widget.getByRole('button', { name: 'Connect wallet', exact: true })
    this.walletDialog = this.widget.getByRole('dialog')
    this.quotes = this.card.getByRole('group', { name: 'Quotes by exchange' })
    this.reviewButton = this.card.getByRole('button', { name: 'Review swap' })
    this.reviewDialog = this.widget.getByRole('dialog', { name: 'Review swap' })
    this.confirmButton = this.reviewDialog.getByRole('button', { name: 'Confirm swap' })
    this.configInput = page.getByRole('textbox', { name: 'Configuration (JSON)' })
    this.applyButton = page.getByRole('button', { name: 'Apply configuration' })
    this.configStatus = page.getByRole('status')
    this.eventItems = page.getByRole('list', { name: 'Events' }).getByRole('listitem')
  }

  /** Opens the demo page (`demoURL`) with the widget's configuration and wallet choice, and waits for the card. */
  async goto(demoURL: string, params: { config: object; wallet?: 'widget' | 'host' }): Promise<void> {
    const url = new URL('/', demoURL)
    url.searchParams.set('config', JSON.stringify(params.config))
    if (params.wallet !== undefined) url.searchParams.set('wallet', params.wallet)
    await this.page.goto(url.toString())
    await expect(this.payInput).toBeVisible()
    await expect(this.configStatus).toHaveText('Widget ready.')
  }

  /** Picks `walletName` in the widget's wallet dialog. */
  async connect(walletName: string): Promise<void> {
    await this.connectButton.click()
    await expect(this.walletDialog).toBeVisible()
    await this.walletDialog.getByRole('button', { name: walletName, exact: true }).click()
    await expect(this.walletDialog).toBeHidden()
  }

  /** Types a configuration into the page's editor and sends it to the widget. */
  async applyConfig(config: object): Promise<void> {
    await this.configInput.fill(JSON.stringify(config))
    await this.applyButton.click()
  }

  /** Every event the page has logged so far, in order. */
  async events(): Promise<WidgetEvent[]> {
    const texts = await this.eventItems.locator('code').allTextContents()
    return texts.map((text) => JSON.parse(text) as WidgetEvent)
  }

  /** Waits until an event named `name` was logged and returns the last one. */
  async waitForEvent<N extends WidgetEvent['name']>(name: N): Promise<Extract<WidgetEvent, { name: N }>> {
    await expect(
      this.eventItems.filter({ has: this.page.getByText(name, { exact: true }) }).first(),
    ).toBeVisible()
    const found = (await this.events()).filter((e): e is Extract<WidgetEvent, { name: N }> => e.name === name)
    const last = found.at(-1)
    if (last === undefined) throw new Error(`no ${name} event`)
    return last
  }

  /** Confirms the open review in the (auto-signing) wallet and waits until the swap is confirmed on chain. */
  async reviewAndConfirm(): Promise<void> {
    await this.reviewButton.click()
    await expect(this.reviewDialog).toBeVisible()
    await this.confirmButton.click()
    await expect(this.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
  }
}
