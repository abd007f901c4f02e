import { expect, type Locator, type Page } from '@playwright/test'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The swap card, its token dialog and the review dialog. */
export class SwapPage {
  readonly card: Locator
  readonly payInput: Locator
  readonly receiveInput: Locator
  readonly payTokenButton: Locator
  readonly receiveTokenButton: Locator
  readonly tokenDialog: Locator
  readonly reviewButton: Locator
  readonly reviewDialog: Locator
  readonly confirmButton: Locator
  readonly quotes: Locator
  readonly tokenSearch: Locator
  readonly tokenOptions: Locator
  readonly approvalSteps: Locator
  readonly impactConfirmInput: Locator
  readonly rateChangeNotice: Locator
  readonly acceptNewRateButton: Locator
  readonly quoteExpiredNotice: Locator

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: /^Swap on / })
    this.payInput = this.card.getByRole('textbox', { name: 'You pay' })
    this.receiveInput = this.card.getByRole('textbox', { name: 'You receive' })
    this.payTokenButton = this.card.getByRole('button', { name: /^You pay:/ })
    this.receiveTokenButton = this.card.getByRole('button', { name: /^You receive:/ })
    this.tokenDialog = page.getByRole('dialog', { name: /^Select a token/ })
    this.reviewButton = this.card.getByRole('button', { name: 'Review swap' })
    this.reviewDialog = page.getByRole('dialog', { name: 'Review swap' })
    this.confirmButton = this.reviewDialog.getByRole('button', { name: 'Confirm swap' })
    this.quotes = this.card.getByRole('group', { name: 'Quotes by exchange' })
    this.tokenSearch = this.tokenDialog.getByRole('combobox', { name: /Search/ })
    this.tokenOptions = this.tokenDialog.getByRole('listbox', { name: 'Tokens' }).getByRole('option')
    this.approvalSteps = this.reviewDialog.getByRole('list', { name: 'Swap steps' })
    this.impactConfirmInput = this.reviewDialog.getByRole('textbox', { name: /to swap anyway$/ })
    this.rateChangeNotice = this.reviewDialog.getByRole('alert').filter({ hasText: /^The rate changed/ })
    this.acceptNewRateButton = this.rateChangeNotice.getByRole('button', { name: 'Accept new rate' })
    this.quoteExpiredNotice = this.reviewDialog.getByRole('alert').filter({ hasText: /^This quote expired/ })
  }

  /** The token dialog's option for `symbol` (its accessible name starts with the symbol). */
  tokenOption(symbol: string): Locator {
    return this.tokenDialog.getByRole('option', { name: new RegExp(`^${escapeRegExp(symbol)}\\b`) })
  }

  /** Opens the token dialog of one side and types `text` into its search. */
  async searchToken(side: 'pay' | 'receive', text: string): Promise<void> {
    await (side === 'pay' ? this.payTokenButton : this.receiveTokenButton).click()
    await expect(this.tokenDialog).toBeVisible()
    await this.tokenSearch.fill(text)
  }

  /** A value row of the review (`Minimum received`, `Max slippage`, ...). */
  reviewValue(term: string): Locator {
    return this.reviewDialog
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${escapeRegExp(term)}$`) })
      .locator('xpath=following-sibling::dd[1]')
  }

  /** Opens the app with a deep link (`?chain=…&from=…&to=…`). */
  async goto(search: string): Promise<void> {
    await this.page.goto(`/${search}`)
    await expect(this.payInput).toBeVisible()
  }

  actionButton(name: string | RegExp): Locator {
    return this.card.getByRole('button', { name })
  }

  /** Picks `symbol` for one side through the token dialog's search. */
  async selectToken(side: 'pay' | 'receive', symbol: string): Promise<void> {
    await (side === 'pay' ? this.payTokenButton : this.receiveTokenButton).click()
    await expect(this.tokenDialog).toBeVisible()
    await this.tokenSearch.fill(symbol)
    await this.tokenDialog
      .getByRole('option', { name: new RegExp(`^${escapeRegExp(symbol)}\\b`) })
      .first()
      .click()
    await expect(this.tokenDialog).toBeHidden()
  }

  /** Waits until the quotes for the typed amount are shown and reviewable. */
  async waitForQuotes(): Promise<void> {
    await expect(this.quotes.getByRole('radio').first()).toBeVisible()
    await expect(this.card.getByText('Best after gas', { exact: true })).toBeVisible()
  }

  /** Review, confirm in the (auto-signing) wallet, and wait until the swap is confirmed. */
  async reviewAndConfirm(): Promise<void> {
    await this.reviewButton.click()
    await expect(this.reviewDialog).toBeVisible()
    await this.confirm()
  }

  /** Confirms the open review in the (auto-signing) wallet and waits until the swap is confirmed on chain. */
  async confirm(): Promise<void> {
    await this.confirmButton.click()
    await expect(this.reviewDialog.getByText('Swap confirmed')).toBeVisible({ timeout: 30_000 })
  }
}
