import { expect, type Locator, type Page } from '@playwright/test'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The app shell: header (page links, network, theme, connect), the RainbowKit modal and the balances panel. */
export class AppPage {
  readonly networkSelect: Locator
  readonly connectButton: Locator
  readonly walletDialog: Locator
  readonly themeToggle: Locator
  readonly header: Locator
  readonly mainNav: Locator
  readonly notFoundHeading: Locator
  readonly backToSwapLink: Locator
  readonly historyHeading: Locator

  constructor(readonly page: Page) {
    // the source network: `Network`, or `From network` when a cross-chain flow adds a destination selector
    this.networkSelect = page.getByRole('combobox', { name: /^(From network|Network)$/ })
    this.connectButton = page.getByRole('button', { name: 'Connect wallet', exact: true })
    this.walletDialog = page.getByRole('dialog')
    this.themeToggle = page.getByRole('button', { name: /^Theme:/ })
    this.header = page.getByRole('banner')
    this.mainNav = page.getByRole('navigation', { name: 'Main' })
    this.notFoundHeading = page.getByRole('heading', { name: 'Page not found' })
    this.backToSwapLink = page.getByRole('link', { name: 'Back to swap' })
    this.historyHeading = page.getByRole('heading', { name: 'Recent swaps' })
  }

  async goto(): Promise<void> {
    await this.page.goto('/')
    await expect(this.networkSelect).toBeVisible()
  }

  /** Opens RainbowKit's modal and picks `walletName` from its list. */
  async connect(walletName: string): Promise<void> {
    await this.connectButton.click()
    await expect(this.walletDialog).toBeVisible()
    await this.walletDialog.getByRole('button', { name: walletName, exact: true }).click()
    await expect(this.walletDialog).toBeHidden()
  }

  async selectNetwork(chainName: string): Promise<void> {
    await this.networkSelect.selectOption({ label: chainName })
  }

  balancesTable(chainName: string): Locator {
    return this.page.getByRole('table', { name: `Token balances on ${chainName}` })
  }

  /** The balance cell of the row whose header starts with `symbol` in the chain's balances table. */
  balanceCell(chainName: string, symbol: string): Locator {
    const table = this.balancesTable(chainName)
    return table
      .getByRole('row')
      .filter({
        has: this.page.getByRole('rowheader', { name: new RegExp(`^${escapeRegExp(symbol)}(\\s|$)`) }),
      })
      .getByRole('cell')
  }

  accountText(address: string): Locator {
    return this.page.getByText(address, { exact: true })
  }
}
