import { expect, type Locator, type Page } from '@playwright/test'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The app shell: header (network, theme, connect), the RainbowKit modal and the balances panel. */
export class AppPage {
  readonly networkSelect: Locator
  readonly connectButton: Locator
  readonly walletDialog: Locator
  readonly themeToggle: Locator

  constructor(readonly page: Page) {
    this.networkSelect = page.getByRole('combobox', { name: 'Network' })
    this.connectButton = page.getByRole('button', { name: 'Connect wallet' })
    this.walletDialog = page.getByRole('dialog')
    this.themeToggle = page.getByRole('button', { name: /^Theme:/ })
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
