import { expect, type Locator } from '@playwright/test'

/** The built-in devnet wallet's panel in the cross-chain card's deposit view (UTXO and Cosmos alike). */
export class DevnetWalletPanel {
  readonly region: Locator
  readonly balance: Locator
  readonly payButton: Locator

  constructor(card: Locator) {
    this.region = card.getByRole('region', { name: 'Devnet wallet' })
    this.balance = this.region.getByRole('status', { name: 'Devnet wallet balance' })
    this.payButton = card.getByRole('button', { name: 'Pay with devnet wallet' })
  }

  /** Checks the panel shows the wallet's `address`, asks its faucet for `symbol` and waits for `balance`. */
  async fund(params: { address: string; symbol: string; balance: string | RegExp; timeoutMs?: number }) {
    await expect(this.region.getByText(params.address)).toBeVisible()
    await this.region.getByRole('button', { name: `Get test ${params.symbol}` }).click()
    await expect(this.balance).toHaveText(
      params.balance,
      params.timeoutMs === undefined ? {} : { timeout: params.timeoutMs },
    )
  }
}
